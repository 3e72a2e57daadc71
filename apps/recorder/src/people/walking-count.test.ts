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

/**
 * Counts crossings as the server does (once per track and direction; a track that walked out of the picture counts
 * its last step to where it was predicted, decision 0890), a picture at each time.
 */
function count(times: number[]): { in: number; out: number } {
  const tracker = new Tracker({ frame: { x1: 0, y1: 0, x2: 1, y2: 1 } });
  const done = new Set<string>();
  const counted = { in: 0, out: 0 };
  for (const t of times) {
    const picture = recorded.pictures[Math.round((t % LOOP_SEC) * 2)]!;
    const boxes = picture.people.map(([, x1, y1, x2, y2]) => ({ x1: x1!, y1: y1!, x2: x2!, y2: y2! }));
    const ms = Math.round(t * 1000);
    const live = tracker.update(boxes, ms);
    const walkedOut = tracker.takeEnded().filter((tr) => tr.path.at(-1)!.predicted);
    for (const track of [...live, ...walkedOut]) {
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

/** Picture times `gaps` apart in turn (s, multiples of the recording's 0.5 s) from `phase`, over `loops` loops. */
function cycle(gaps: number[], phase: number, loops: number): number[] {
  const times: number[] = [];
  for (let t = phase, i = 0; t < loops * LOOP_SEC; t += gaps[i++ % gaps.length]!) times.push(t);
  return times;
}

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

  it('follows the two people passing each other in opposite directions at pictures 2.5–3 s apart (decision 0890)', () => {
    // Seen once each at 39 s, then at 41.5 s each is nearer to where the other was: the size tells them apart.
    expect(count([36, 39, 41.5, 44, 47])).toEqual({ in: 1, out: 1 });
  });

  it('counts what it can at pictures 2–3 s apart, never more than the walks nor the wrong way (decision 0890)', () => {
    // A walk lasts 4–10 s: at these paces the fast walker and some others are seen once, on one side of the line.
    const counts = [0, 0.5, 1, 1.5].map((phase) => count(cycle([2, 2.5, 3], phase, 3)));
    expect(counts).toEqual([
      { in: 9, out: 6 },
      { in: 9, out: 3 },
      { in: 9, out: 3 },
      { in: 9, out: 9 },
    ]);
  });

  it('counts what it can at pictures 1–4 s apart, never more than the walks (decision 0890)', () => {
    const counts = [0, 0.5, 1, 1.5].map((phase) => count(cycle([1, 4, 2.5, 1.5, 3.5], phase, 3)));
    expect(counts).toEqual([
      { in: 7, out: 7 },
      { in: 9, out: 5 },
      { in: 9, out: 7 },
      { in: 8, out: 6 },
    ]);
  });

  it('misses walkers when pictures are 3 s apart: the fast and the passing ones are seen once or not at all', () => {
    // Why the sampler must keep a picture a second (0794): fewer pictures, fewer counts, never more.
    const sparse = count(every(3, 0, 3));
    expect(sparse.in + sparse.out).toBeLessThan(16);
    expect(sparse.in).toBeLessThanOrEqual(12);
    expect(sparse.out).toBeLessThanOrEqual(12);
  });
});
