import { clampBox, type PixelBox, type Rgb } from './rgb.ts';

/** Colour names of vehicles, as a person would say them. */
export type ColourName =
  | 'white'
  | 'silver'
  | 'grey'
  | 'black'
  | 'red'
  | 'orange'
  | 'yellow'
  | 'green'
  | 'blue'
  | 'purple'
  | 'brown';

/** The name of one pixel's colour, from its hue, saturation and value (HSV, hue in degrees). */
export function colourName(r: number, g: number, b: number): ColourName {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  if (v < 0.2) return 'black';
  if (s < 0.18) {
    if (v > 0.8) return 'white';
    if (v > 0.55) return 'silver';
    if (v > 0.3) return 'grey';
    return 'black';
  }
  let h: number;
  if (max === r) h = (60 * ((g - b) / (max - min)) + 360) % 360;
  else if (max === g) h = 60 * ((b - r) / (max - min)) + 120;
  else h = 60 * ((r - g) / (max - min)) + 240;
  if (h < 15 || h >= 340) return 'red';
  if (h < 40) return v < 0.6 ? 'brown' : 'orange';
  if (h < 70) return 'yellow';
  if (h < 170) return 'green';
  if (h < 260) return 'blue';
  return 'purple';
}

/**
 * The colour most of a box's pixels have, leaving out `skip` (the plate). Only the middle of the box counts (its
 * central half across, rows 20–80 %): a detector's box holds road, wheels, windows and sky at its edges.
 */
export function dominantColour(img: Rgb, box: PixelBox, skip?: PixelBox): ColourName | null {
  const b = clampBox(box, img.width, img.height);
  const w = b.x2 - b.x1;
  const h = b.y2 - b.y1;
  const counts = new Map<ColourName, number>();
  const x1 = b.x1 + Math.floor(w / 4);
  const x2 = b.x2 - Math.floor(w / 4);
  const y1 = b.y1 + Math.floor(h / 5);
  const y2 = b.y2 - Math.floor(h / 5);
  // At most ~4,000 pixels looked at: a colour name needs no more.
  const step = Math.max(1, Math.floor(Math.sqrt(((x2 - x1) * (y2 - y1)) / 4000)));
  for (let y = y1; y < y2; y += step) {
    for (let x = x1; x < x2; x += step) {
      if (skip && x >= skip.x1 && x < skip.x2 && y >= skip.y1 && y < skip.y2) continue;
      const i = (y * img.width + x) * 3;
      const name = colourName(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  let best: ColourName | null = null;
  let most = 0;
  for (const [name, n] of counts)
    if (n > most) {
      best = name;
      most = n;
    }
  return best;
}
