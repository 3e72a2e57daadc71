import { SESSION_GAP_MS } from '@vigil/contracts';
import type { Segment } from '@vigil/recorder';

/**
 * A run: consecutive segments of one ffmpeg run of the recorder, back to back with one init segment. Their media
 * timestamps are continuous inside a run and restart in the next one, so a player needs a discontinuity and a
 * stitcher a new input between runs.
 */
export interface Run {
  initPath: string;
  codec: string;
  segments: Segment[];
  startMs: number;
  endMs: number;
}

/**
 * Splits segments (oldest first) into runs: a new run where the recorder marked a segment as the first of an ffmpeg
 * run (however short the gap: a restart can take 0.4 s), where the next segment starts more than `gapMs` after the
 * previous one ended (segments indexed before the mark, or a clock mapping that moved) or comes with another init.
 */
export function splitRuns(segments: readonly Segment[], gapMs = SESSION_GAP_MS): Run[] {
  const runs: Run[] = [];
  let run: Run | undefined;
  for (const s of segments) {
    if (!run || s.runStart || s.initPath !== run.initPath || s.startMs - run.endMs > gapMs) {
      run = { initPath: s.initPath, codec: s.codec, segments: [], startMs: s.startMs, endMs: s.endMs };
      runs.push(run);
    }
    run.segments.push(s);
    run.endMs = Math.max(run.endMs, s.endMs);
  }
  return runs;
}

/**
 * What was recorded over a range when a camera switched between its streams (decision 0716): the main stream's
 * segments, and the sub stream's where no main segment covers their time, oldest first. Each stream's segments
 * come with their own init, so they fall in runs of their own (splitRuns), separated by a discontinuity.
 */
export function mergeStreams(main: readonly Segment[], sd: readonly Segment[]): Segment[] {
  const free = sd.filter((s) => !main.some((m) => m.startMs < s.endMs && s.startMs < m.endMs));
  return [...main, ...free].sort((a, b) => a.startMs - b.startMs);
}
