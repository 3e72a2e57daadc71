/** A time interval in epoch milliseconds, [startMs, endMs). */
export interface WallInterval {
  startMs: number;
  endMs: number;
}

/** One run of a stream's pipeline: from the moment it started playing to when it stopped (or now). */
export interface StreamRun {
  startedAt: number;
  stoppedAt?: number | undefined;
}

/**
 * When the picture moves, in wall-clock time, between fromMs and toMs. A stream replays its loop from the start
 * each time its pipeline starts (the first client of a camera, or the first after a restart), so the scripted
 * intervals, given in seconds within the loop, repeat every loopSec from each run's start.
 */
export function motionIntervals(
  runs: readonly StreamRun[],
  loopSec: number,
  motion: ReadonlyArray<readonly [number, number]>,
  fromMs: number,
  toMs: number,
): WallInterval[] {
  const loopMs = loopSec * 1000;
  const out: WallInterval[] = [];
  for (const run of runs) {
    const runEnd = Math.min(run.stoppedAt ?? Number.POSITIVE_INFINITY, toMs);
    if (runEnd <= fromMs) continue;
    const firstLoop = Math.max(0, Math.floor((fromMs - run.startedAt) / loopMs));
    for (let k = firstLoop; run.startedAt + k * loopMs < runEnd; k++) {
      const loopStart = run.startedAt + k * loopMs;
      for (const [a, b] of motion) {
        const startMs = Math.max(loopStart + a * 1000, fromMs, run.startedAt);
        const endMs = Math.min(loopStart + b * 1000, runEnd);
        if (endMs > startMs) out.push({ startMs, endMs });
      }
    }
  }
  return out.sort((x, y) => x.startMs - y.startMs);
}
