import { fitPlateFormat, looksLikePlate, normalisePlate, plateRegion } from '@vigil/contracts';
import { type ColourName, colourName, dominantColour } from './colour.ts';
import { type PaddleOcr, REC_HEIGHT } from './ocr.ts';
import { clampBox, crop, type PixelBox, type Rgb } from './rgb.ts';
import { boundsOf, type RotatedBox, straighten } from './straighten.ts';
import { textBoxes } from './text-boxes.ts';

/** A vehicle the object detector found (car, truck, bus, motorcycle), in the picture's pixels. */
export interface Vehicle {
  label: string;
  confidence: number;
  box: PixelBox;
}

export type PlateLocation = 'front' | 'rear';

export interface PlateRead {
  /** Normalised: letters and digits, upper case. */
  plate: string;
  /** Mean probability of its characters (0..1). */
  confidence: number;
  /** The country its format names (GB, ES), else null. */
  region: string | null;
  /** The vehicle's colour from its own pixels (the plate left out). */
  colour: ColourName | null;
  /** Background colour of the plate. */
  plateColour: ColourName | null;
  /** Front or rear, where the plate says so (a GB plate is white at the front, yellow at the rear), else null. */
  location: PlateLocation | null;
  vehicle: Vehicle;
  plateBox: PixelBox;
  /** Height of the plate's characters' line in the picture, pixels. */
  plateHeight: number;
}

/** Text lines flatter than this are not plates (a plate's line is 2–6 times as wide as high). */
const MIN_ASPECT = 1.3;
/** Lines lower than this many pixels in the picture cannot be read. */
const MIN_LINE_PX = 6;
/** A read below this is not reported. */
export const PLATE_MIN_CONFIDENCE = 0.6;

/**
 * Finds and reads the plates of vehicles in a picture (decision 0790): the text detector looks at each vehicle's
 * box (scaled so its longest side is DET_MAX_SIDE: a small car's plate grows to a readable size), every text line
 * shaped like a plate is cut out straight and read, letters and digits only; a read that looks like a plate and
 * is confident enough is the vehicle's plate (the best one, when the vehicle shows several).
 */
export class PlateReader {
  readonly #ocr: PaddleOcr;
  constructor(ocr: PaddleOcr) {
    this.#ocr = ocr;
  }

  async read(img: Rgb, vehicles: readonly Vehicle[]): Promise<PlateRead[]> {
    const reads: PlateRead[] = [];
    for (const v of vehicles) {
      const r = await this.#readVehicle(img, v);
      if (r) reads.push(r);
    }
    return reads;
  }

  async #readVehicle(img: Rgb, vehicle: Vehicle): Promise<PlateRead | null> {
    const area = clampBox(vehicle.box, img.width, img.height);
    const part = crop(img, area);
    const map = await this.#ocr.detect(part);
    const sx = part.width / map.width;
    const sy = part.height / map.height;
    let best: PlateRead | null = null;
    for (const t of textBoxes(map.prob, map.width, map.height)) {
      const line: RotatedBox = {
        cx: area.x1 + t.cx * sx,
        cy: area.y1 + t.cy * sy,
        width: t.width * Math.hypot(sx * Math.cos(t.angle), sy * Math.sin(t.angle)),
        height: t.height * Math.hypot(sx * Math.sin(t.angle), sy * Math.cos(t.angle)),
        angle: Math.atan2(sy * Math.sin(t.angle), sx * Math.cos(t.angle)),
      };
      if (line.height < MIN_LINE_PX || line.width < line.height * MIN_ASPECT) continue;
      const read = await this.#ocr.recognise(straighten(img, line, REC_HEIGHT));
      const plate = fitPlateFormat(normalisePlate(read.text));
      if (!looksLikePlate(plate) || read.confidence < PLATE_MIN_CONFIDENCE) continue;
      if (best && best.confidence >= read.confidence) continue;
      best = this.#describe(img, vehicle, line, plate, read.confidence);
    }
    return best;
  }

  #describe(img: Rgb, vehicle: Vehicle, line: RotatedBox, plate: string, confidence: number): PlateRead {
    const b = boundsOf(line);
    // The plate's background reaches beyond its characters' line: half a line above and below, a little aside.
    const plateBox = clampBox(
      {
        x1: b.x1 - line.height * 0.3,
        y1: b.y1 - line.height * 0.5,
        x2: b.x2 + line.height * 0.3,
        y2: b.y2 + line.height * 0.5,
      },
      img.width,
      img.height,
    );
    const region = plateRegion(plate);
    const plateColour = backgroundColour(crop(img, plateBox));
    return {
      plate,
      confidence,
      region,
      colour: dominantColour(img, vehicle.box, plateBox),
      plateColour,
      location: region === 'GB' ? gbLocation(plateColour) : null,
      vehicle,
      plateBox,
      plateHeight: Math.round(line.height),
    };
  }
}

/** GB plates: white (reflective) at the front, yellow at the rear. */
function gbLocation(c: ColourName | null): PlateLocation | null {
  if (c === 'yellow' || c === 'orange') return 'rear';
  if (c === 'white' || c === 'silver') return 'front';
  return null;
}

/** The colour of a plate's background: the mean of its brighter half of pixels (the characters are dark). */
export function backgroundColour(p: Rgb): ColourName | null {
  const n = p.width * p.height;
  if (!n) return null;
  const lum = new Float32Array(n);
  for (let i = 0; i < n; i++) lum[i] = p.data[i * 3]! + p.data[i * 3 + 1]! + p.data[i * 3 + 2]!;
  const sorted = Float32Array.from(lum).sort();
  const median = sorted[Math.floor(n / 2)]!;
  let r = 0;
  let g = 0;
  let b = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (lum[i]! < median) continue;
    r += p.data[i * 3]!;
    g += p.data[i * 3 + 1]!;
    b += p.data[i * 3 + 2]!;
    k++;
  }
  return colourName(r / k, g / k, b / k);
}
