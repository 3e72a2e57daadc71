import { describe, expect, it } from 'vitest';
import { motionIntervals } from './motion.ts';

describe('motionIntervals', () => {
  const t0 = 1_000_000;
  it('repeats the scripted intervals every loop from the run start', () => {
    expect(motionIntervals([{ startedAt: t0 }], 20, [[5, 12]], t0, t0 + 45_000)).toEqual([
      { startMs: t0 + 5000, endMs: t0 + 12_000 },
      { startMs: t0 + 25_000, endMs: t0 + 32_000 },
    ]);
  });

  it('clips to the query and to the run, and restarts the loop with each run', () => {
    const runs = [{ startedAt: t0, stoppedAt: t0 + 8000 }, { startedAt: t0 + 30_000 }];
    expect(motionIntervals(runs, 20, [[5, 12]], t0 + 6000, t0 + 37_000)).toEqual([
      { startMs: t0 + 6000, endMs: t0 + 8000 },
      { startMs: t0 + 35_000, endMs: t0 + 37_000 },
    ]);
  });

  it('has no motion before the first run', () => {
    expect(motionIntervals([], 20, [[0, 20]], t0, t0 + 1000)).toEqual([]);
  });
});
