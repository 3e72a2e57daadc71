import { COCO_CLASSES } from './coco.ts';

/**
 * The detector's raw outputs (MB3-CenterNet, decision 0555), channels last:
 * - `heatmap`: grid × grid × classes, the probability (already through a sigmoid) that an object of a class has
 *   its centre in a cell;
 * - `sizes`: grid × grid × 4, from a cell's centre to the box's left, top, right and bottom edges, in input pixels.
 * A cell (row, col) stands for the input pixel (col × stride, row × stride).
 */
export interface CenterNetOutputs {
  heatmap: Float32Array;
  sizes: Float32Array;
  grid: number;
  classes: number;
  stride: number;
}

export interface Detection {
  classIndex: number;
  label: string;
  confidence: number;
  /** x1, y1, x2, y2 in 0..1 of the model's input picture. */
  box: [number, number, number, number];
}

export interface DecodeOptions {
  /** Peaks below it are not objects. */
  minConfidence: number;
  /** Boxes of one class overlapping more than this (intersection over union) are one object. */
  iou: number;
  /** At most this many detections, best first. */
  maxDetections: number;
}

/**
 * CenterNet decoding: an object is a local maximum of its class's heatmap (no greater neighbour among the 8
 * around it: what CenterNet's 3×3 max-pool keeps) at or above `minConfidence`; its box comes from the sizes at
 * that cell. Then per-class non-maximum suppression, best first.
 */
export function decodeCenterNet(out: CenterNetOutputs, o: DecodeOptions): Detection[] {
  const { heatmap, sizes, grid, classes, stride } = out;
  if (heatmap.length !== grid * grid * classes)
    throw new Error('heatmap size does not match grid and classes');
  if (sizes.length !== grid * grid * 4) throw new Error('sizes do not match the grid');
  const input = grid * stride;
  const found: Detection[] = [];
  for (let row = 0; row < grid; row++) {
    for (let col = 0; col < grid; col++) {
      const cell = row * grid + col;
      for (let c = 0; c < classes; c++) {
        const v = heatmap[cell * classes + c]!;
        if (v < o.minConfidence || !isPeak(heatmap, grid, classes, row, col, c, v)) continue;
        const cx = col * stride;
        const cy = row * stride;
        const s = cell * 4;
        const box: Detection['box'] = [
          clamp01((cx - sizes[s]!) / input),
          clamp01((cy - sizes[s + 1]!) / input),
          clamp01((cx + sizes[s + 2]!) / input),
          clamp01((cy + sizes[s + 3]!) / input),
        ];
        found.push({ classIndex: c, label: COCO_CLASSES[c] ?? `class ${c}`, confidence: v, box });
      }
    }
  }
  return nms(found, o.iou).slice(0, o.maxDetections);
}

function isPeak(
  h: Float32Array,
  grid: number,
  classes: number,
  row: number,
  col: number,
  c: number,
  v: number,
): boolean {
  for (let dr = -1; dr <= 1; dr++) {
    const r = row + dr;
    if (r < 0 || r >= grid) continue;
    for (let dc = -1; dc <= 1; dc++) {
      const k = col + dc;
      if (k < 0 || k >= grid || (dr === 0 && dc === 0)) continue;
      const n = h[(r * grid + k) * classes + c]!;
      // Ties: the first cell in reading order wins, so a flat top gives one object, not several.
      if (n > v || (n === v && (dr < 0 || (dr === 0 && dc < 0)))) return false;
    }
  }
  return true;
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

export function iou(a: Detection['box'], b: Detection['box']): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (r: Detection['box']) => (r[2] - r[0]) * (r[3] - r[1]);
  return inter / (area(a) + area(b) - inter);
}

/** Greedy non-maximum suppression within each class: best first, dropping boxes that overlap a kept one. */
export function nms(dets: readonly Detection[], threshold: number): Detection[] {
  const sorted = [...dets].sort((a, b) => b.confidence - a.confidence);
  const kept: Detection[] = [];
  for (const d of sorted) {
    if (kept.some((k) => k.classIndex === d.classIndex && iou(k.box, d.box) > threshold)) continue;
    kept.push(d);
  }
  return kept;
}

/** An event's labels: each label once at its best confidence, best first, at most `max`. */
export function labelsOf(dets: readonly Detection[], max: number): { label: string; confidence: number }[] {
  const best = new Map<string, number>();
  for (const d of dets) best.set(d.label, Math.max(best.get(d.label) ?? 0, d.confidence));
  return [...best]
    .map(([label, confidence]) => ({ label, confidence }))
    .sort((a, b) => b.confidence - a.confidence || a.label.localeCompare(b.label))
    .slice(0, max);
}
