import type { Segment } from '@vigil/recorder';
import { describe, expect, it } from 'vitest';
import { scaleArgs } from './export-args.ts';
import { mergeStreams, splitRuns } from './runs.ts';

/** A range across a switch from the main to the sub stream (decision 0716), as pure functions. */
const seg = (stream: 'main' | 'sd', startMs: number, endMs: number): Segment =>
  ({
    id: `${stream}${startMs}`,
    uidd: 'o.d',
    stream,
    startMs,
    endMs,
    bytes: 1,
    path: `o.d/${stream}/2026-11-24/${startMs}.aa.m4s`,
    initPath: `o.d/${stream}/init-aa.mp4`,
    codec: 'avc1.64001f',
  }) as Segment;

describe('a range across a stream switch', () => {
  it('takes the main stream, and the sub stream where the main has nothing', () => {
    const merged = mergeStreams(
      [seg('main', 0, 4000), seg('main', 4000, 8000)],
      // The sub stream's first segment overlaps the main's last (both ran a moment at the switch): left out.
      [seg('sd', 7000, 11_000), seg('sd', 11_000, 15_000)],
    );
    expect(merged.map((s) => `${s.stream}@${s.startMs}`)).toEqual(['main@0', 'main@4000', 'sd@11000']);
    // Each stream's part is a run of its own (its own init): a discontinuity between them.
    expect(splitRuns(merged).map((r) => r.initPath)).toEqual(['o.d/main/init-aa.mp4', 'o.d/sd/init-aa.mp4']);
  });

  it('encodes the clip again at one size, the shape kept', () => {
    expect(scaleArgs({ width: 1920, height: 1080 })).toEqual([
      '-vf',
      'scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080:(ow-iw)/2:(oh-ih)/2,setsar=1',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-force_key_frames',
      'expr:gte(t,n_forced*2)',
    ]);
    expect(() => scaleArgs({ width: 0, height: 1080 })).toThrow('bad size');
  });
});
