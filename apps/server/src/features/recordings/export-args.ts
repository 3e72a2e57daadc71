import { join } from 'node:path';
import type { Run } from './runs.ts';

export type ExportFormat = 'fmp4' | 'mpegts';

export interface ExportRequest {
  runs: readonly Run[];
  fromMs: number;
  toMs: number;
  /**
   * fmp4: fragmented MP4 on stdout, ending with its random-access index (mfra), so a saved file knows its duration;
   * mpegts: MPEG-TS on stdout.
   */
  format: ExportFormat;
  /** Keep the gaps between runs as time (the picture holds), so the clip lasts the whole range. */
  padding: boolean;
  /** Where in the first segment to start: the keyframe before fromMs (keyframes.ts); else its beginning. */
  start?: { byteOffset: number; offsetMs: number } | undefined;
  recordingsDir: string;
  /** Most segments read through one concat: input, which opens them all at once (file descriptors). */
  maxSegmentsPerInput?: number;
  /**
   * Segments of the first input, when the first bytes matter (a player waiting): ffmpeg takes ~1 ms per file
   * of a concat: input before it writes anything (150 ms for 10 minutes); the next inputs open as it goes.
   */
  firstInputSegments?: number;
}

export interface ExportPlan {
  /** ffmpeg's arguments; the concat list, when there is one (several inputs), goes to its stdin. */
  args: string[];
  concatList: string;
  /** How long the clip lasts, seconds. */
  durationSec: number;
}

// Paths come from our own index, but they end up inside a concat: URL and a quoted list line.
const SAFE_PATH = /^[A-Za-z0-9._\-/]+$/;
const secs = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);

/**
 * Stitching without re-encoding (decision 0501): every run of the range becomes one input of ffmpeg's concat
 * demuxer, itself read through the concat: protocol (init + its segments, byte for byte: the fastest way to read
 * fMP4, STACK.md); the demuxer lays the runs end to end (or, with padding, each at its own place in time) and
 * ffmpeg copies the packets into one file. Pure: the caller spawns ffmpeg with `args` and writes `concatList`.
 */
export function exportPlan(r: ExportRequest): ExportPlan {
  const runs = r.runs.filter((run) => run.segments.length > 0);
  const first = runs[0]?.segments[0];
  if (!first) throw new Error('nothing to export');
  const chunk = r.maxSegmentsPerInput ?? 400;
  const file = (rel: string): string => {
    if (!SAFE_PATH.test(rel) || rel.includes('..')) throw new Error(`unsafe path in the index: ${rel}`);
    return join(r.recordingsDir, rel);
  };

  // The first segment is read from its keyframe on (the subfile protocol: a byte range of the file).
  const skip = r.start && r.start.byteOffset > 0 ? r.start : undefined;
  const input = (rel: string) =>
    skip && rel === first.path ? `subfile,,start,${skip.byteOffset},end,0,,:${file(rel)}` : file(rel);
  const lines = ['ffconcat version 1.0'];
  for (const [i, run] of runs.entries()) {
    const next = runs[i + 1];
    for (let k = 0; k < run.segments.length; ) {
      const size = i === 0 && k === 0 && r.firstInputSegments ? r.firstInputSegments : chunk;
      const part = run.segments.slice(k, k + size);
      k += size;
      lines.push(`file 'concat:${[file(run.initPath), ...part.map((s) => input(s.path))].join('|')}'`);
      // Padding: a run's last input lasts until the next run starts, which is so placed at its own time.
      if (r.padding && next && k >= run.segments.length)
        lines.push(`duration ${secs(next.startMs - (part[0]?.startMs ?? 0))}`);
    }
  }

  // The clip starts at that keyframe; without padding the gaps are skipped.
  const startMs = first.startMs + (skip?.offsetMs ?? 0);
  const durationMs = r.padding
    ? Math.min(r.toMs, runs.at(-1)?.endMs ?? r.toMs) - startMs
    : runs.reduce(
        (sum, run) => sum + Math.max(0, Math.min(run.endMs, r.toMs) - Math.max(run.startMs, startMs)),
        0,
      );

  // No stream probing: the init segment says everything a stream copy needs, and probing decodes frames first.
  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y', '-nofind_stream_info'];
  const one = lines.length === 2 && !r.padding;
  if (one) {
    // One input (one run, not too long): the concat: protocol alone, as fast as ffmpeg reads files.
    args.push('-protocol_whitelist', 'file,concat,subfile', '-t', secs(durationMs));
    args.push('-i', (lines[1] as string).slice("file '".length, -1));
  } else {
    args.push('-protocol_whitelist', 'file,pipe,concat,subfile', '-f', 'concat', '-safe', '0');
    args.push('-t', secs(durationMs), '-i', 'pipe:0');
  }
  args.push('-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy');
  if (r.format === 'fmp4') {
    // Fragmented, so it streams as ffmpeg writes it (a plain MP4 needs its index patched at the end); the trailer
    // (mfra) gives a saved file its duration.
    args.push('-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof', 'pipe:1');
  } else {
    args.push('-f', 'mpegts', 'pipe:1');
  }
  return { args, concatList: one ? '' : `${lines.join('\n')}\n`, durationSec: durationMs / 1000 };
}
