import { join } from 'node:path';
import type { Run } from './runs.ts';

export type ExportFormat = 'mp4' | 'fmp4' | 'mpegts';

export interface ExportRequest {
  runs: readonly Run[];
  fromMs: number;
  toMs: number;
  /** mp4: a regular MP4 written to `output` (a file); fmp4 and mpegts: a stream on stdout. */
  format: ExportFormat;
  output?: string;
  /** Keep the gaps between runs as time (the picture holds), so the clip lasts the whole range. */
  padding: boolean;
  /** Start exactly at fromMs (earlier frames of its GOP hidden by an edit list), else at the keyframe before. */
  fixts: boolean;
  recordingsDir: string;
  /** Most segments read through one concat: input, which opens them all at once (file descriptors). */
  maxSegmentsPerInput?: number;
}

export interface ExportPlan {
  /** ffmpeg's arguments; the concat list goes to its stdin. */
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

  const lines = ['ffconcat version 1.0'];
  for (const [i, run] of runs.entries()) {
    const next = runs[i + 1];
    for (let k = 0; k < run.segments.length; k += chunk) {
      const part = run.segments.slice(k, k + chunk);
      lines.push(`file 'concat:${[run.initPath, ...part.map((s) => s.path)].map(file).join('|')}'`);
      // Padding: a run's last input lasts until the next run starts, which is so placed at its own time.
      const last = k + chunk >= run.segments.length;
      if (r.padding && next && last) lines.push(`duration ${secs(next.startMs - (part[0]?.startMs ?? 0))}`);
    }
  }

  // The demuxer's timeline starts at the first segment's keyframe; without padding it skips the gaps.
  const startMs = Math.max(r.fromMs, first.startMs);
  const skipMs = r.fixts ? startMs - first.startMs : 0;
  let durationMs: number;
  if (r.padding) {
    durationMs = Math.min(r.toMs, runs.at(-1)?.endMs ?? r.toMs) - (r.fixts ? startMs : first.startMs);
  } else {
    const from = r.fixts ? startMs : first.startMs;
    durationMs = runs.reduce(
      (sum, run) => sum + Math.max(0, Math.min(run.endMs, r.toMs) - Math.max(run.startMs, from)),
      0,
    );
  }

  const args = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'];
  args.push('-protocol_whitelist', 'file,pipe,concat', '-f', 'concat', '-safe', '0');
  if (skipMs > 0) args.push('-ss', secs(skipMs));
  args.push('-t', secs(durationMs), '-i', 'pipe:0');
  args.push('-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy');
  if (r.format === 'mp4') {
    if (!r.output) throw new Error('an mp4 export needs an output file');
    args.push('-f', 'mp4', r.output);
  } else if (r.format === 'fmp4') {
    args.push('-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof', 'pipe:1');
  } else {
    args.push('-f', 'mpegts', 'pipe:1');
  }
  return { args, concatList: `${lines.join('\n')}\n`, durationSec: durationMs / 1000 };
}
