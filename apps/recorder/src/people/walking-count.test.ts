import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossings } from './line-crossing.ts';
import { Tracker } from './tracker.ts';

/**
 * What the real detector saw of the simulator's walking scene (decision 0884): every 0.5 s of its 60 s loop, the
 * person boxes (confidence, x1, y1, x2, y2 in 0..1 of the picture). The loop's truth, from its schedule: 8 walks,
 * 4 left to right and 4 right to left, two of each pair at once.
 */
const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'walking-detections.json'), 'utf8')) as {
  pictures: { t: number; people: number[][] }[];
};
const LOOP_SEC = 60;
// Down the middle, drawn bottom to top: left to right across it is 'in' (as the people bench's line).
const LINE = { a: { x: 0.5, y: 0.98 }, b: { x: 0.5, y: 0.02 } };

/** Counts crossings as the server does (once per track and direction) over `loops` loops, a picture at each time. */
function count(times: number[]): { in: number; out: number } {
  const tracker = new Tracker();
  const done = new Set<string>();
  const counted = { in: 0, out: 0 };
  for (const t of times) {
    const picture = recorded.pictures[Math.round((t % LOOP_SEC) * 2)]!;
    const boxes = picture.people.map(([, x1, y1, x2, y2]) => ({ x1: x1!, y1: y1!, x2: x2!, y2: y2! }));
    const ms = Math.round(t * 1000);
    for (const track of tracker.update(boxes, ms)) {
      const step = track.path.slice(-2);
      if (step.length < 2 || step[1]!.t !== ms) continue;
      for (const { direction } of crossings(LINE, step).slice(0, 1)) {
        if (done.has(`${track.id}|${direction}`)) continue;
        done.add(`${track.id}|${direction}`);
        counted[direction]++;
      }
    }
  }
  return counted;
}

/** Picture times every `every` s from `phase`, over `loops` loops. */
const every = (step: number, phase: number, loops: number) =>
  Array.from({ length: Math.floor((loops * LOOP_SEC - phase) / step) }, (_, i) => phase + i * step);

describe('people counting on the walking scene, from the detector’s boxes (decision 0884)', () => {
  it('has 120 recorded pictures, none of them at a quiet time with a person in it', () => {
    expect(recorded.pictures).toHaveLength(120);
    // From 56 s to the loop's end nobody walks (the schedule's quiet time).
    expect(recorded.pictures.filter((p) => p.t >= 56).every((p) => p.people.length === 0)).toBe(true);
  });

  it('counts every walk of three loops exactly, a picture a second or every 1.5 s, whatever the phase', () => {
    for (const [step, phase] of [
      [1, 0],
      [1, 0.5],
      [1.5, 0],
      [1.5, 0.5],
    ] as const)
      expect(count(every(step, phase, 3))).toEqual({ in: 12, out: 12 });
  });

  it('misses walkers when pictures are 3 s apart: the fast and the passing ones are seen once or not at all', () => {
    // Why the sampler must keep a picture a second (0794): fewer pictures, fewer counts, never more.
    const sparse = count(every(3, 0, 3));
    expect(sparse.in + sparse.out).toBeLessThan(16);
    expect(sparse.in).toBeLessThanOrEqual(12);
    expect(sparse.out).toBeLessThanOrEqual(12);
  });
});
