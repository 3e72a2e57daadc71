import { clampBox, type PixelBox, type Rgb } from '../plates/rgb.ts';

/**
 * The PPE check's method (decision 0870): no hard-hat or vest detector ships in the registry, so a person's box
 * (the labels' COCO detector) is cut into a head region and a torso region and each is judged by colour. Every
 * fraction and threshold is here, in one place; the bench (`npm run bench -- ppe`) measures what they give.
 */
export const PPE_REGIONS = {
  /** The head: the box's top 18 %, its middle half across (a person's head is narrower than the shoulders). */
  head: { top: 0, bottom: 0.18, left: 0.25, right: 0.75 },
  /** The torso: 25–60 % down, 20–80 % across (arms and background at the sides). */
  torso: { top: 0.25, bottom: 0.6, left: 0.2, right: 0.8 },
} as const;
/** A helmet: at least this share of the head region is one helmet colour (a uniform dome, not skin or hair). */
export const HELMET_MIN_SHARE = 0.22;
/** A vest: at least this share of the torso region is fluorescent yellow-green or orange. */
export const VEST_MIN_SHARE = 0.15;
/** Boxes smaller than this (pixels high) are not judged: too few pixels for a head region. */
export const PPE_MIN_BOX_HEIGHT = 40;

/** Helmet colours the check knows (hard hats come in these). */
export type HelmetColour = 'white' | 'yellow' | 'orange' | 'red' | 'blue' | 'green';

function hsv(r: number, g: number, b: number): { h: number; s: number; v: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const s = max === 0 ? 0 : d / max;
  let h = 0;
  if (d > 0) {
    if (max === r) h = (60 * ((g - b) / d) + 360) % 360;
    else if (max === g) h = 60 * ((b - r) / d) + 120;
    else h = 60 * ((r - g) / d) + 240;
  }
  return { h, s, v: max / 255 };
}

/**
 * A pixel's helmet colour, or null. Coloured helmets are strongly saturated and bright (skin is orange too, but
 * at saturation 0.2–0.67 (dark skin is the nearest); hair is dark); a white helmet is bright and nearly grey.
 */
export function helmetColourOf(r: number, g: number, b: number): HelmetColour | null {
  const { h, s, v } = hsv(r, g, b);
  if (s < 0.12 && v > 0.72) return 'white';
  if (s < 0.7 || v < 0.45) return null;
  if (h < 15 || h >= 345) return 'red';
  if (h < 38) return 'orange';
  if (h < 65) return 'yellow';
  if (h < 160) return 'green';
  if (h >= 200 && h < 255) return 'blue';
  return null;
}

/** Whether a pixel is high-visibility: fluorescent yellow-green (hue 55–95°) or orange (5–35°: dimmed orange drifts red), saturated, bright. */
export function isHiVis(r: number, g: number, b: number): boolean {
  const { h, s, v } = hsv(r, g, b);
  if (s < 0.6 || v < 0.55) return false;
  return (h >= 55 && h <= 95) || (h >= 5 && h <= 35);
}

function region(box: PixelBox, f: { top: number; bottom: number; left: number; right: number }): PixelBox {
  const w = box.x2 - box.x1;
  const h = box.y2 - box.y1;
  return {
    x1: box.x1 + w * f.left,
    x2: box.x1 + w * f.right,
    y1: box.y1 + h * f.top,
    y2: box.y1 + h * f.bottom,
  };
}

/** Visits about 3,000 pixels of a box, evenly, each brightened by `gain` (saturation and hue stay). */
function sample(img: Rgb, box: PixelBox, visit: (r: number, g: number, b: number) => void, gain = 1): number {
  const b = clampBox(box, img.width, img.height);
  const step = Math.max(1, Math.floor(Math.sqrt(((b.x2 - b.x1) * (b.y2 - b.y1)) / 3000)));
  const k = (v: number) => Math.min(255, v * gain);
  let n = 0;
  for (let y = b.y1; y < b.y2; y += step)
    for (let x = b.x1; x < b.x2; x += step) {
      const i = (y * img.width + x) * 3;
      visit(k(img.data[i]!), k(img.data[i + 1]!), k(img.data[i + 2]!));
      n++;
    }
  return n;
}

/**
 * The picture's white point: the value (0..255) that 2 % of its pixels exceed, at least half of full scale. At
 * dusk or under-exposed, a white hat and a fluorescent vest are still the brightest things in the picture: their
 * value is judged against this, not against 255 (as a camera's own exposure would).
 */
export function whitePoint(img: Rgb): number {
  const values: number[] = [];
  sample(img, { x1: 0, y1: 0, x2: img.width, y2: img.height }, (r, g, b) => values.push(Math.max(r, g, b)));
  values.sort((a, b) => a - b);
  return Math.max(128, values[Math.floor(values.length * 0.98)] ?? 255);
}

export interface PpeVerdict {
  helmet: boolean;
  vest: boolean;
  /** The largest helmet colour's share of the head region, 0..1. */
  helmetShare: number;
  helmetColour: HelmetColour | null;
  /** The high-visibility share of the torso region, 0..1. */
  vestShare: number;
}

/**
 * Judges one person's box (pixels of the picture); null when the box is too small to judge. Values are taken
 * relative to the picture's white point (`whitePoint`).
 */
export function checkPpe(img: Rgb, box: PixelBox): PpeVerdict | null {
  if (box.y2 - box.y1 < PPE_MIN_BOX_HEIGHT) return null;
  const gain = 255 / whitePoint(img);
  const counts = new Map<HelmetColour, number>();
  const headN = sample(
    img,
    region(box, PPE_REGIONS.head),
    (r, g, b) => {
      const c = helmetColourOf(r, g, b);
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    },
    gain,
  );
  let best: HelmetColour | null = null;
  let bestN = 0;
  for (const [c, n] of counts) if (n > bestN) [best, bestN] = [c, n];
  let hiVis = 0;
  const torsoN = sample(
    img,
    region(box, PPE_REGIONS.torso),
    (r, g, b) => {
      if (isHiVis(r, g, b)) hiVis++;
    },
    gain,
  );
  const helmetShare = headN ? bestN / headN : 0;
  const vestShare = torsoN ? hiVis / torsoN : 0;
  return {
    helmet: helmetShare >= HELMET_MIN_SHARE,
    vest: vestShare >= VEST_MIN_SHARE,
    helmetShare,
    helmetColour: helmetShare >= HELMET_MIN_SHARE ? best : null,
    vestShare,
  };
}

/**
 * How sure a "missing" verdict is, 0..1: the detector's confidence in the person times how far the share lies
 * below the threshold (a share just under it is a weak verdict).
 */
export function missingConfidence(personConfidence: number, share: number, threshold: number): number {
  const margin = Math.max(0, Math.min(1, 1 - share / threshold));
  return Math.round(personConfidence * (0.5 + 0.5 * margin) * 1000) / 1000;
}
