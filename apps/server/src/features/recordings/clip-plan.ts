import { join } from 'node:path';
import type { StreamFormat, VideoQuery } from '@vigil/contracts';
import type { Segment } from '@vigil/recorder';
import { exportInputs, exportPlan } from './export-args.ts';
import { mediaSpan, segmentCuts } from './keyframes.ts';
import type { Range } from './range.ts';
import { splitRuns } from './runs.ts';

/** The first input of a stream: a few segments, opened at once, so its first bytes leave quickly. */
const FIRST_STREAM_INPUT_SEGMENTS = 3;

/** Where a clip is cut in its first and last segments, and ffmpeg's arguments, over the files in `dir`. */
export async function planClip(
  segments: readonly Segment[],
  range: Range,
  format: StreamFormat,
  q: VideoQuery,
  purpose: 'download' | 'stream',
  dir: string,
  /** Segments of both streams: encoded again at this size (decision 0716). */
  scaleTo?: { width: number; height: number },
) {
  const first = segments[0] as Segment;
  const last = segments.at(-1) as Segment;
  const cutsOf = (s: Segment, fromMs: number | undefined, toMs: number | undefined) =>
    segmentCuts(join(dir, s.initPath), join(dir, s.path), fromMs, toMs);
  const fromIn = range.fromMs > first.startMs ? range.fromMs - first.startMs : undefined;
  const toIn = range.toMs < last.endMs ? range.toMs - last.startMs : undefined;
  const [head, tail] =
    first === last
      ? await cutsOf(first, fromIn, toIn).then((c) => [c, c] as const)
      : await Promise.all([cutsOf(first, fromIn, undefined), cutsOf(last, undefined, toIn)]);
  const start = head.start;
  const inputs = exportInputs({
    runs: splitRuns(segments),
    start,
    end: tail.end,
    // A download is about throughput; a player waits for the first bytes.
    firstInputSegments: purpose === 'stream' ? FIRST_STREAM_INPUT_SEGMENTS : undefined,
  });
  const measured = await Promise.all(
    inputs.map(async (input) => ({
      ...input,
      media: await mediaSpan(
        join(dir, input.initPath),
        { path: join(dir, (input.segments[0] as Segment).path), startByte: input.startByte },
        { path: join(dir, (input.segments.at(-1) as Segment).path), endByte: input.endByte },
      ),
    })),
  );
  const plan = exportPlan({
    inputs: measured,
    format: format === 'mp4' ? 'fmp4' : 'mpegts',
    padding: q.padding ?? false,
    recordingsDir: dir,
    ...(scaleTo ? { scaleTo } : {}),
  });
  return { plan, start, tail };
}
