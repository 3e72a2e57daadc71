import { join } from 'node:path';
import type { Cut } from './keyframes.ts';
import type { Run } from './runs.ts';

type Segment = Run['segments'][number];

export type ExportFormat = 'fmp4' | 'mpegts';

/**
 * One input of the stitcher: an init and consecutive segments of one recorder run, read byte for byte through the
 * concat: protocol, the first from its keyframe and the last up to the range's end (subfile: a byte range).
 */
export interface ExportInput {
  initPath: string;
  segments: Segment[];
  /** Where reading starts in the first segment, and stops in the last (0: its end). */
  startByte: number;
  endByte: number;
  /** Wall clock of its first and last instants, epoch ms. */
  startMs: number;
  endMs: number;
  /** The last input of its run: the next one (if any) restarts its timestamps. */
  endsRun: boolean;
}

/** An input and its media as its bytes say (keyframes.ts mediaSpan): first sample and end of the last, seconds. */
export interface MeasuredInput extends ExportInput {
  media: { startSec: number; endSec: number };
}

export interface InputsRequest {
  runs: readonly Run[];
  /** Where in the first segment to start: the keyframe before the range (keyframes.ts); else its beginning. */
  start?: Cut | undefined;
  /** Where in the last segment to stop: the first fragment at or after the range's end; else its end. */
  end?: Cut | undefined;
  /** Most segments read through one concat: input, which opens them all at once (file descriptors). */
  maxSegmentsPerInput?: number;
  /**
   * Segments of the first input, when the first bytes matter (a player waiting): ffmpeg takes ~1 ms per file
   * of a concat: input before it writes anything (150 ms for 10 minutes); the next inputs open as it goes.
   */
  firstInputSegments?: number | undefined;
}

/**
 * The stitcher's inputs for a range (pure). The clip is cut in bytes, never by time: ffmpeg's own duration limit
 * counts from the media timestamps, which continue from the start of the recorder's run, not from the clip.
 */
export function exportInputs(r: InputsRequest): ExportInput[] {
  const runs = r.runs.filter((run) => run.segments.length > 0);
  const first = runs[0]?.segments[0];
  const last = runs.at(-1)?.segments.at(-1);
  if (!first || !last) throw new Error('nothing to export');
  const chunk = r.maxSegmentsPerInput ?? 400;
  const skip = r.start && r.start.byteOffset > 0 ? r.start : undefined;
  const stop = r.end && r.end.byteOffset > 0 ? r.end : undefined;
  const inputs: ExportInput[] = [];
  for (const [i, run] of runs.entries()) {
    for (let k = 0; k < run.segments.length; ) {
      const size = i === 0 && k === 0 && r.firstInputSegments ? r.firstInputSegments : chunk;
      const segments = run.segments.slice(k, k + size);
      k += size;
      const head = segments[0] as Segment;
      const tail = segments.at(-1) as Segment;
      inputs.push({
        initPath: run.initPath,
        segments,
        startByte: head === first ? (skip?.byteOffset ?? 0) : 0,
        endByte: tail === last ? (stop?.byteOffset ?? 0) : 0,
        startMs: head.startMs + (head === first ? (skip?.offsetMs ?? 0) : 0),
        endMs: tail === last && stop ? tail.startMs + stop.offsetMs : tail.endMs,
        endsRun: k >= run.segments.length,
      });
    }
  }
  return inputs;
}

export interface ExportRequest {
  inputs: readonly MeasuredInput[];
  /**
   * fmp4: fragmented MP4 on stdout, ending with its random-access index (mfra), so a saved file knows its duration;
   * mpegts: MPEG-TS on stdout.
   */
  format: ExportFormat;
  /** Keep the gaps between runs as time (the picture holds), so the clip lasts the whole range. */
  padding: boolean;
  recordingsDir: string;
  /**
   * Inputs of two picture sizes (a range across a switch to the sub stream, decision 0716): the video is decoded
   * and encoded again at this size (one track holds one size); the sound is still copied. Absent: copied.
   */
  scaleTo?: { width: number; height: number } | undefined;
}

export interface ExportPlan {
  /** ffmpeg's arguments; the concat list, when there is one (several inputs), goes to its stdin. */
  args: string[];
  concatList: string;
  /** How long the clip lasts, seconds. */
  durationSec: number;
}

/**
 * Video encoded again at one size: each input scaled to fit (its shape kept, padded), square pixels; x264 veryfast
 * at CRF 23 with a keyframe every 2 s, enough for a download and quick to make. Comes after `-c copy`, which it
 * overrides for the video only.
 */
export function scaleArgs(size: { width: number; height: number }): string[] {
  const { width: w, height: h } = size;
  if (![w, h].every((n) => Number.isInteger(n) && n > 0 && n <= 8192)) throw new Error(`bad size ${w}x${h}`);
  return [
    '-vf',
    `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
  ];
}

// Paths come from our own index, but they end up inside a concat: URL and a quoted list line.
const SAFE_PATH = /^[A-Za-z0-9._\-/]+$/;
const secs = (sec: number): string => Math.max(0, sec).toFixed(6);

/**
 * How long an input lasts in the clip, seconds: the concat demuxer places the next input that much later (it would
 * otherwise take an input's last timestamp, counted from the start of its run, for its length). Inside a run the
 * next input continues the same timeline: exactly the difference of their first samples, audio included. After a
 * run: its media to the end of its last sample, or with padding until the next run starts on the wall clock.
 */
function inputSeconds(input: MeasuredInput, next: MeasuredInput | undefined, padding: boolean): number {
  const own = input.media.endSec - input.media.startSec;
  if (!next) return own;
  if (!input.endsRun) return next.media.startSec - input.media.startSec;
  return padding ? Math.max(own, (next.startMs - input.startMs) / 1000) : own;
}

/**
 * Stitching without re-encoding (decision 0501, 0507): every input becomes one entry of ffmpeg's concat demuxer,
 * itself read through the concat: protocol (init + its segments, byte for byte: the fastest way to read fMP4,
 * STACK.md); the demuxer lays the inputs end to end, each lasting what `inputSeconds` says, and ffmpeg copies the
 * packets into one file. Pure: the caller spawns ffmpeg with `args` and writes `concatList`.
 */
export function exportPlan(r: ExportRequest): ExportPlan {
  const file = (rel: string): string => {
    if (!SAFE_PATH.test(rel) || rel.includes('..')) throw new Error(`unsafe path in the index: ${rel}`);
    return join(r.recordingsDir, rel);
  };
  if (r.inputs.length === 0) throw new Error('nothing to export');
  const lines = ['ffconcat version 1.0'];
  let durationSec = 0;
  for (const [i, input] of r.inputs.entries()) {
    const parts = input.segments.map((s, k) => {
      const from = k === 0 ? input.startByte : 0;
      const to = k === input.segments.length - 1 ? input.endByte : 0;
      return from || to ? `subfile,,start,${from},end,${to},,:${file(s.path)}` : file(s.path);
    });
    lines.push(`file 'concat:${[file(input.initPath), ...parts].join('|')}'`);
    const seconds = inputSeconds(input, r.inputs[i + 1], r.padding);
    lines.push(`duration ${secs(seconds)}`);
    durationSec += seconds;
  }

  // No stream probing: the init segment says everything a stream copy needs, and probing decodes frames first.
  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y', '-nofind_stream_info'];
  const one = r.inputs.length === 1;
  if (one) {
    // One input (one run, not too long): the concat: protocol alone, as fast as ffmpeg reads files.
    args.push('-protocol_whitelist', 'file,concat,subfile');
    args.push('-i', (lines[1] as string).slice("file '".length, -1));
  } else {
    args.push(
      '-protocol_whitelist',
      'file,pipe,concat,subfile',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      'pipe:0',
    );
  }
  args.push('-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy');
  if (r.scaleTo) args.push(...scaleArgs(r.scaleTo));
  if (r.format === 'fmp4') {
    // Fragmented, so it streams as ffmpeg writes it (a plain MP4 needs its index patched at the end); the trailer
    // (mfra) gives a saved file its duration.
    args.push('-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof', 'pipe:1');
  } else {
    args.push('-f', 'mpegts', 'pipe:1');
  }
  return {
    args,
    concatList: one ? '' : `${lines.join('\n')}\n`,
    durationSec: Math.round(durationSec * 1000) / 1000,
  };
}
