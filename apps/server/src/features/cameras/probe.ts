import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { redactUrlCredentials, type VideoCodec } from '@vigil/contracts';
import { cameraInputArgs, INGEST_INPUT_FD, ingestInput } from '@vigil/recorder';

/**
 * Probing a camera before it is added: ffprobe with a timeout, its arguments built by a pure function (no shell),
 * its failures mapped to the spec's install error categories (001 §8: unreachable, missing credentials,
 * unauthorised, connection timeout) plus an unsupported codec.
 */

export type InstallErrorKind =
  | 'unreachable'
  | 'missing_credentials'
  | 'unauthorised'
  | 'connection_timeout'
  | 'unsupported_codec';

export interface ProbeInfo {
  videoCodec: VideoCodec;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  audioCodec: string | null;
}

/** `detail` is safe to log and to answer: credentials are already removed from it. */
export type ProbeOutcome =
  | { ok: true; info: ProbeInfo }
  | { ok: false; kind: InstallErrorKind; detail: string };

export interface ProbeTarget {
  /** The stream address WITH credentials: only ffprobe ever sees it. */
  url: string;
  hasCredentials: boolean;
  /** Strings to scrub from anything ffprobe prints (user name, password). */
  secrets: readonly string[];
}

export interface CameraProbe {
  probe(target: ProbeTarget): Promise<ProbeOutcome>;
}

/** 2 s of stream is enough to learn codec, size and frame rate (ffmpeg's default reads 5 s). */
const PROBE_ANALYZE_MS = 2000;

/**
 * ffprobe's arguments: the camera is opened as the recorder opens it (decision 0215), from a list on fd 3 that
 * holds its address and the RTSP options (`rtsp_transport tcp`, a socket `timeout`, a protocol whitelist), so the
 * address and its password never appear in the process's arguments, which every local user can read.
 */
export function ffprobeArgs(): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    ...cameraInputArgs(PROBE_ANALYZE_MS),
    '-show_entries',
    'stream=codec_type,codec_name,width,height,avg_frame_rate,r_frame_rate',
    '-of',
    'json',
  ];
}

/** The list ffprobe reads on fd 3: the camera's address with its options (ingestInput's ffconcat text). */
export const ffprobeInput = (url: string, timeoutMs: number): string =>
  ingestInput({ url, timeoutMs, analyzeMs: PROBE_ANALYZE_MS });

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
}

const rate = (r: string | undefined): number | null => {
  const m = /^(\d+)\/(\d+)$/.exec(r ?? '');
  if (!m || Number(m[2]) === 0 || Number(m[1]) === 0) return null;
  return Math.round((Number(m[1]) / Number(m[2])) * 100) / 100;
};

/** ffprobe's JSON → what the camera sends; H.264 and H.265 only. */
export function parseProbeOutput(stdout: string): ProbeOutcome {
  let streams: FfprobeStream[] = [];
  try {
    streams = (JSON.parse(stdout) as { streams?: FfprobeStream[] }).streams ?? [];
  } catch {
    return { ok: false, kind: 'unreachable', detail: 'the camera did not describe its streams' };
  }
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video) return { ok: false, kind: 'unsupported_codec', detail: 'the camera sends no video' };
  const codec = video.codec_name === 'h264' ? 'h264' : video.codec_name === 'hevc' ? 'h265' : undefined;
  if (!codec)
    return {
      ok: false,
      kind: 'unsupported_codec',
      detail: `the camera sends ${video.codec_name ?? 'unknown'} video; only H.264 and H.265 are supported`,
    };
  return {
    ok: true,
    info: {
      videoCodec: codec,
      width: video.width ?? null,
      height: video.height ?? null,
      frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
      audioCodec: audio?.codec_name ?? null,
    },
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes credentials from ffprobe's output: every URL's user:password@, and a secret (raw or URL-encoded) only
 * where it stands as a word of its own. Never inside a word: user "cam" must not turn "camera" into "***era".
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = redactUrlCredentials(text);
  for (const s of secrets) {
    if (s.length < 3) continue; // too short to tell from ordinary words; URLs are already redacted
    for (const form of new Set([s, encodeURIComponent(s)]))
      out = out.replace(
        new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(form)}(?![\\p{L}\\p{N}_])`, 'gu'),
        '***',
      );
  }
  return out;
}

/** The last meaningful line ffprobe printed, for the answer's detail. */
const lastLine = (stderr: string) =>
  stderr
    .split('\n')
    .map((l) => l.replace(/^\[[^\]]*\]\s*/, '').trim())
    .filter(Boolean)
    .at(-1) ?? '';

/** Maps a failed probe to an install error category from what ffprobe printed and how long it took. */
export function classifyProbeFailure(f: {
  stderr: string;
  elapsedMs: number;
  timeoutMs: number;
  killed: boolean;
  hasCredentials: boolean;
}): { kind: InstallErrorKind; detail: string } {
  const e = f.stderr;
  if (f.killed) return { kind: 'connection_timeout', detail: 'the camera did not answer in time' };
  if (/\b401\b/.test(e))
    return f.hasCredentials
      ? { kind: 'unauthorised', detail: 'the camera refused the user name or password' }
      : { kind: 'missing_credentials', detail: 'the camera asks for a user name and password' };
  if (/\b403\b/.test(e)) return { kind: 'unauthorised', detail: 'the camera refused access to this stream' };
  if (/timed out/i.test(e))
    return { kind: 'connection_timeout', detail: 'the camera did not answer in time' };
  // A camera that accepts the connection and then says nothing ends in "Invalid data" once -timeout expires.
  if (/Invalid data found/i.test(e) && f.elapsedMs >= f.timeoutMs * 0.9)
    return { kind: 'connection_timeout', detail: 'the camera did not answer in time' };
  if (/Connection refused/i.test(e))
    return { kind: 'unreachable', detail: 'the camera refused the connection: check the address and port' };
  if (/resolve hostname|Name or service not known|not known/i.test(e))
    return { kind: 'unreachable', detail: 'the camera’s host name could not be found' };
  if (/No route to host|Network is unreachable|Host is unreachable/i.test(e))
    return { kind: 'unreachable', detail: 'no route to the camera’s network' };
  if (/\b404\b/.test(e)) return { kind: 'unreachable', detail: 'the camera has no stream at this path' };
  return {
    kind: 'unreachable',
    detail: `the camera did not answer as an RTSP camera (${lastLine(e) || 'no answer'})`,
  };
}

const MAX_OUTPUT = 256 * 1024;

/** Runs ffprobe as a child process (never through a shell), killed if it outlives its own timeout. */
export class FfprobeCameraProbe implements CameraProbe {
  readonly #path: string;
  readonly #timeoutMs: number;
  constructor(opts: { ffprobePath: string; timeoutMs: number }) {
    this.#path = opts.ffprobePath;
    this.#timeoutMs = opts.timeoutMs;
  }

  probe(target: ProbeTarget): Promise<ProbeOutcome> {
    const started = Date.now();
    return new Promise((resolve) => {
      let list: string;
      try {
        list = ffprobeInput(target.url, this.#timeoutMs);
      } catch {
        resolve({ ok: false, kind: 'unreachable', detail: 'the camera address cannot be opened' });
        return;
      }
      const child = spawn(this.#path, ffprobeArgs(), {
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        shell: false,
      });
      // Written and closed at once: the concat demuxer reads the whole list before it opens the camera.
      const fd = child.stdio[INGEST_INPUT_FD] as Writable | null;
      fd?.on('error', () => {}); // ffprobe gone before reading: its exit code tells
      fd?.end(list);
      let stdout = '';
      let stderr = '';
      let killed = false;
      child.stdout?.on('data', (d: Buffer) => {
        if (stdout.length < MAX_OUTPUT) stdout += d.toString('utf8');
      });
      child.stderr?.on('data', (d: Buffer) => {
        if (stderr.length < MAX_OUTPUT) stderr += d.toString('utf8');
      });
      // -timeout bounds each socket operation, not the whole probe: a camera trickling bytes could hold it.
      const timer = setTimeout(
        () => {
          killed = true;
          child.kill('SIGKILL');
        },
        this.#timeoutMs * 2 + 2_000,
      );
      child.on('error', (err) => {
        clearTimeout(timer);
        resolve({ ok: false, kind: 'unreachable', detail: `ffprobe could not run (${err.message})` });
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0 && !killed) {
          resolve(parseProbeOutput(stdout));
          return;
        }
        const c = classifyProbeFailure({
          stderr: scrub(stderr, target.secrets),
          elapsedMs: Date.now() - started,
          timeoutMs: this.#timeoutMs,
          killed,
          hasCredentials: target.hasCredentials,
        });
        // The detail is our own words around already scrubbed output: scrubbing it again would mangle them.
        resolve({ ok: false, kind: c.kind, detail: c.detail });
      });
    });
  }
}

/** Bounds how many probes run at once (each is a process): the rest wait their turn. */
export class ProbeLimiter implements CameraProbe {
  readonly #inner: CameraProbe;
  readonly #max: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  constructor(inner: CameraProbe, max: number) {
    this.#inner = inner;
    this.#max = max;
  }

  async probe(target: ProbeTarget): Promise<ProbeOutcome> {
    // A finishing probe hands its slot straight to the next in line, so the count never overshoots.
    if (this.#running >= this.#max) await new Promise<void>((r) => this.#waiting.push(r));
    else this.#running += 1;
    try {
      return await this.#inner.probe(target);
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
