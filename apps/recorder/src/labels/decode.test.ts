import { describe, expect, it } from 'vitest';
import { type Detection, decodeCenterNet, iou, labelsOf, nms } from './decode.ts';

const GRID = 16;
const CLASSES = 3;
const STRIDE = 4;
const INPUT = GRID * STRIDE;
const opts = { minConfidence: 0.4, iou: 0.5, maxDetections: 10 };

/** Synthetic outputs: a heatmap with the given blobs (a peak and lower neighbours), sizes at their centres. */
function outputs(blobs: { row: number; col: number; c: number; score: number; ltrb: number[] }[]) {
  const heatmap = new Float32Array(GRID * GRID * CLASSES);
  const sizes = new Float32Array(GRID * GRID * 4);
  for (const b of blobs) {
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const r = b.row + dr;
        const k = b.col + dc;
        if (r < 0 || k < 0 || r >= GRID || k >= GRID) continue;
        const i = (r * GRID + k) * CLASSES + b.c;
        const v = dr === 0 && dc === 0 ? b.score : b.score * 0.8;
        heatmap[i] = Math.max(heatmap[i]!, v);
      }
    sizes.set(b.ltrb, (b.row * GRID + b.col) * 4);
  }
  return { heatmap, sizes, grid: GRID, classes: CLASSES, stride: STRIDE };
}

const det = (classIndex: number, confidence: number, box: Detection['box']): Detection => ({
  classIndex,
  label: `c${classIndex}`,
  confidence,
  box,
});

describe('CenterNet decoding', () => {
  it('finds each peak once, with its class, score and box from the sizes at its cell', () => {
    const out = outputs([
      { row: 4, col: 6, c: 0, score: 0.9, ltrb: [8, 12, 4, 16] },
      { row: 10, col: 10, c: 2, score: 0.6, ltrb: [4, 4, 4, 4] },
    ]);
    const found = decodeCenterNet(out, opts);
    expect(found.map((d) => [d.label, d.confidence])).toEqual([
      ['person', expect.closeTo(0.9, 5)],
      ['car', expect.closeTo(0.6, 5)],
    ]);
    // Centre (24, 16) in input pixels; left 8, top 12, right 4, bottom 16.
    expect(found[0]!.box).toEqual([16 / INPUT, 4 / INPUT, 28 / INPUT, 32 / INPUT]);
  });

  it('drops peaks below the threshold, and the shoulders of a peak are not objects', () => {
    const out = outputs([
      { row: 3, col: 3, c: 1, score: 0.45, ltrb: [4, 4, 4, 4] },
      { row: 12, col: 3, c: 1, score: 0.39, ltrb: [4, 4, 4, 4] },
    ]);
    // 0.45 × 0.8 = 0.36 around the first peak: below the threshold anyway; lower it to see they are no peaks.
    expect(decodeCenterNet(out, opts).map((d) => d.confidence)).toEqual([expect.closeTo(0.45, 5)]);
    expect(decodeCenterNet(out, { ...opts, minConfidence: 0.1 })).toHaveLength(2);
  });

  it('a flat top of equal cells gives one object', () => {
    const out = outputs([]);
    for (const col of [5, 6]) out.heatmap[(5 * GRID + col) * CLASSES] = 0.7;
    expect(decodeCenterNet(out, opts)).toHaveLength(1);
  });

  it('clamps boxes to the picture and keeps at most maxDetections, best first', () => {
    const blobs = Array.from({ length: 6 }, (_, i) => ({
      row: 1 + 2 * i,
      col: 1,
      c: 0,
      score: 0.5 + i * 0.05,
      ltrb: [100, 1, 1, 1],
    }));
    const found = decodeCenterNet(outputs(blobs), { ...opts, maxDetections: 4 });
    expect(found.map((d) => d.confidence)).toEqual(
      [0.75, 0.7, 0.65, 0.6].map((v) => expect.closeTo(v, 5) as unknown as number),
    );
    for (const d of found) expect(d.box[0]).toBe(0);
  });

  it('rejects outputs whose shape does not match', () => {
    const out = outputs([]);
    expect(() => decodeCenterNet({ ...out, classes: 4 }, opts)).toThrow(/heatmap/);
    expect(() => decodeCenterNet({ ...out, sizes: new Float32Array(3) }, opts)).toThrow(/sizes/);
  });
});

describe('non-maximum suppression', () => {
  it('intersection over union', () => {
    expect(iou([0, 0, 1, 1], [0, 0, 1, 1])).toBe(1);
    expect(iou([0, 0, 0.5, 1], [0.5, 0, 1, 1])).toBe(0);
    expect(iou([0, 0, 0.5, 0.5], [0.25, 0, 0.75, 0.5])).toBeCloseTo(1 / 3, 6);
  });

  it('keeps the best of overlapping boxes of one class, not of different classes or apart', () => {
    const kept = nms(
      [
        det(0, 0.6, [0.1, 0.1, 0.5, 0.9]),
        det(0, 0.8, [0.12, 0.1, 0.52, 0.88]),
        det(2, 0.7, [0.1, 0.1, 0.5, 0.9]),
        det(0, 0.5, [0.6, 0.1, 0.9, 0.9]),
      ],
      0.5,
    );
    expect(kept.map((d) => [d.classIndex, d.confidence])).toEqual([
      [0, 0.8],
      [2, 0.7],
      [0, 0.5],
    ]);
  });

  it('overlap at the threshold is kept; above it is suppressed', () => {
    const a = det(0, 0.9, [0, 0, 0.5, 0.5]);
    const b = det(0, 0.8, [0.25, 0, 0.75, 0.5]); // IoU 1/3
    expect(nms([a, b], 0.34)).toHaveLength(2);
    expect(nms([a, b], 0.33)).toHaveLength(1);
  });
});

describe('an event labels', () => {
  it('each label once at its best confidence, best first, at most max', () => {
    const dets = [
      { ...det(0, 0.5, [0, 0, 1, 1]), label: 'person' },
      { ...det(0, 0.9, [0, 0, 1, 1]), label: 'person' },
      { ...det(2, 0.7, [0, 0, 1, 1]), label: 'car' },
      { ...det(16, 0.45, [0, 0, 1, 1]), label: 'dog' },
    ];
    expect(labelsOf(dets, 2)).toEqual([
      { label: 'person', confidence: 0.9 },
      { label: 'car', confidence: 0.7 },
    ]);
    expect(labelsOf([], 3)).toEqual([]);
  });
});
