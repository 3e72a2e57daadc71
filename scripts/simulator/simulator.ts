import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  type LoopParams,
  loopCacheKey,
  preEncodeArgs,
  type SceneChange,
  type SimCodec,
} from './encode-args.ts';
import { motionIntervals, type StreamRun, type WallInterval } from './motion.ts';

export type { SceneChange, StreamRun, WallInterval };

import { pickFreePorts } from './ports.ts';

export type SimStreamName = 'main' | 'sd';

export interface SimCameraOptions {
  /** Default h264. */
  codec?: SimCodec;
  /** Default 720p. */
  resolution?: '720p' | '1080p';
  /** Frames per second, 1–30; default 10. */
  fps?: number;
  /** Keyframe interval in seconds, 1–10; default 2. */
  gopSec?: number;
  /** An AAC audio track (a sine tone); default false. */
  audio?: boolean;
  /** Burn the wall clock into the picture (text and bar code): encoded live, 12–30 % of a core per 720p
   * camera instead of ~1 % for a replayed loop. Default false. */
  clock?: boolean;
  /** Also serve a 640x360 sub-stream at /sd; default false. */
  sd?: boolean;
  /** Seconds within the loop [start, end) when the picture moves; default [[5, 12]]. */
  motion?: Array<[number, number]>;
  /** Lighting changes and noise within the loop, which are not motion (replayed cameras only); default none. */
  scene?: SceneChange[];
  /** Length of the replayed loop in seconds, rounded up to whole keyframe intervals; default 20. */
  loopSec?: number;
  /** Video bit rate of the main stream; default 2000 (720p) or 4000 (1080p). */
  kbps?: number;
}

export interface SimulatorOptions {
  /** How many cameras with `defaults`, or one options object per camera. */
  cameras: number | SimCameraOptions[];
  defaults?: SimCameraOptions;
  host?: string;
  /** Camera i listens on basePort + i. Without it, free ports are picked in `portRange`. */
  basePort?: number;
  /** Inclusive range to pick free ports from; default 18600–18699. */
  portRange?: [number, number];
  /** Where pre-encoded loops are kept between runs; default $TMPDIR/vigil-simulator. */
  cacheDir?: string;
  log?: (line: string) => void;
}

export interface SimCamera {
  index: number;
  port: number;
  urls: { main: string; sd?: string };
  options: Required<Omit<SimCameraOptions, 'kbps'>> & { kbps: number };
  loopSec: number;
}

export interface Simulator {
  cameras: SimCamera[];
  /** Takes camera i off the network (its port closes, its clients are dropped), as a power cut would. */
  stopCamera(index: number): Promise<void>;
  startCamera(index: number): Promise<void>;
  /** When camera i's picture moved between fromMs and toMs (epoch ms), from its scripted motion intervals. */
  motionIntervals(index: number, fromMs: number, toMs: number, stream?: SimStreamName): WallInterval[];
  /** Every camera hangs: connections stay open, nothing is sent (SIGSTOP of the server), until thaw(). */
  freeze(): void;
  thaw(): void;
  /** When camera i's stream pipeline ran: it starts with its first client and stops after its last. */
  streamRuns(index: number, stream?: SimStreamName): StreamRun[];
  stop(): Promise<void>;
}

const SERVER_SCRIPT = join(import.meta.dirname, 'rtsp_server.py');
// Debian's Python: the first python3 on PATH may lack the GObject bindings (STACK.md).
const PYTHON = process.env.VIGIL_SIM_PYTHON ?? '/usr/bin/python3';

const SIZES = { '720p': [1280, 720], '1080p': [1920, 1080] } as const;
const SD_SIZE = [640, 360] as const;

export function resolveCamera(o: SimCameraOptions): SimCamera['options'] & { loopSec: number } {
  const fps = o.fps ?? 10;
  const gopSec = o.gopSec ?? 2;
  if (!Number.isInteger(fps) || fps < 1 || fps > 30) throw new Error(`fps ${fps} is not 1–30`);
  if (!(gopSec >= 1 && gopSec <= 10)) throw new Error(`gopSec ${gopSec} is not 1–10`);
  const resolution = o.resolution ?? '720p';
  const wanted = o.loopSec ?? 20;
  return {
    codec: o.codec ?? 'h264',
    resolution,
    fps,
    gopSec,
    audio: o.audio ?? false,
    clock: o.clock ?? false,
    sd: o.sd ?? false,
    motion: o.motion ?? [[5, 12]],
    scene: o.scene ?? [],
    // Whole keyframe intervals, so every loop starts on a keyframe and the GOP stays regular across the seam.
    loopSec: Math.ceil(wanted / gopSec) * gopSec,
    kbps: o.kbps ?? (resolution === '1080p' ? 4000 : 2000),
  };
}

export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const log = opts.log ?? (() => {});
  const host = opts.host ?? '127.0.0.1';
  const list =
    typeof opts.cameras === 'number' ? Array.from({ length: opts.cameras }, () => ({})) : opts.cameras;
  const resolved = list.map((c) => resolveCamera({ ...opts.defaults, ...c }));
  const cacheDir = opts.cacheDir ?? join(tmpdir(), 'vigil-simulator');
  const ports =
    opts.basePort !== undefined
      ? resolved.map((_, i) => (opts.basePort as number) + i)
      : await pickFreePorts(resolved.length, host, opts.portRange ?? [18600, 18699]);

  const config = [];
  for (const [index, cam] of resolved.entries()) {
    const streams = [];
    for (const name of cam.sd ? (['main', 'sd'] as const) : (['main'] as const)) {
      const [width, height] = name === 'main' ? SIZES[cam.resolution] : SD_SIZE;
      const kbps = name === 'main' ? cam.kbps : 500;
      const params: LoopParams = {
        codec: cam.codec,
        width,
        height,
        fps: cam.fps,
        gopSec: cam.gopSec,
        loopSec: cam.loopSec,
        kbps,
        motion: cam.motion,
        // Only when there is one: the cache key of a loop without scene changes stays what it was.
        ...(cam.scene.length ? { scene: cam.scene } : {}),
      };
      const base = { name, codec: cam.codec, fps: cam.fps, loop_sec: cam.loopSec, motion: cam.motion };
      streams.push(
        cam.clock
          ? { ...base, mode: 'live', width, height, gop: Math.round(cam.gopSec * cam.fps), kbps }
          : { ...base, mode: 'replay', file: await ensureLoop(params, cacheDir, log) },
      );
    }
    config.push({ index, port: ports[index], host, audio: cam.audio, streams });
  }

  const child = spawn(PYTHON, [SERVER_SCRIPT, JSON.stringify({ cameras: config })], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const runs = new Map<string, StreamRun[]>();
  const waiters: Array<{ type: string; camera?: number; resolve: () => void; reject: (e: Error) => void }> =
    [];
  const settle = (type: string, camera: number | undefined, error?: Error): void => {
    for (const w of waiters.filter((x) => error || (x.type === type && x.camera === camera))) {
      waiters.splice(waiters.indexOf(w), 1);
      if (error) w.reject(error);
      else w.resolve();
    }
  };
  const waitFor = (type: string, camera?: number): Promise<void> =>
    new Promise((resolve, reject) => waiters.push({ type, camera, resolve, reject }));

  createInterface({ input: child.stderr }).on('line', (l) => log(`[simulator] ${l}`));
  createInterface({ input: child.stdout }).on('line', (line) => {
    let ev: { type: string; camera?: number; stream?: string; at?: number; message?: string };
    try {
      ev = JSON.parse(line);
    } catch {
      log(`[simulator] ${line}`);
      return;
    }
    const key = `${ev.camera}/${ev.stream}`;
    if (ev.type === 'media-playing' && ev.at) runs.set(key, [...(runs.get(key) ?? []), { startedAt: ev.at }]);
    if (ev.type === 'media-stopped' && ev.at) {
      const last = runs.get(key)?.at(-1);
      if (last && last.stoppedAt === undefined) last.stoppedAt = ev.at;
    }
    if (ev.type === 'error' || ev.type === 'fatal') log(`[simulator] ${ev.message}`);
    if (ev.type === 'fatal') settle('', undefined, new Error(`simulator: ${ev.message}`));
    else settle(ev.type, ev.camera);
  });
  child.on('exit', (code, signal) =>
    settle('', undefined, new Error(`simulator exited (${code ?? signal})`)),
  );

  await waitFor('ready');
  log(`[simulator] ${resolved.length} camera(s) on ${host} ports ${ports.join(', ')}`);

  const cameras: SimCamera[] = resolved.map(({ loopSec, ...options }, index) => {
    const base = `rtsp://${host}:${ports[index]}`;
    return {
      index,
      port: ports[index] as number,
      urls: options.sd ? { main: `${base}/main`, sd: `${base}/sd` } : { main: `${base}/main` },
      options: { ...options, loopSec },
      loopSec,
    };
  });
  const command = (cmd: 'stop' | 'start', index: number): Promise<void> => {
    if (!cameras[index]) return Promise.reject(new Error(`no camera ${index}`));
    const done = waitFor(cmd === 'stop' ? 'stopped' : 'started', index);
    child.stdin.write(`${JSON.stringify({ cmd, camera: index })}\n`);
    return done;
  };
  return {
    cameras,
    stopCamera: (i) => command('stop', i),
    startCamera: (i) => command('start', i),
    motionIntervals(i, fromMs, toMs, stream = 'main') {
      const cam = cameras[i];
      if (!cam) throw new Error(`no camera ${i}`);
      return motionIntervals(runs.get(`${i}/${stream}`) ?? [], cam.loopSec, cam.options.motion, fromMs, toMs);
    },
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    streamRuns: (i, stream = 'main') => (runs.get(`${i}/${stream}`) ?? []).map((r) => ({ ...r })),
    stop: () => {
      child.kill('SIGCONT');
      return stopChild(child);
    },
  };
}

/** Encodes the loop once; later runs (and other cameras with the same parameters) reuse the file. */
async function ensureLoop(p: LoopParams, cacheDir: string, log: (l: string) => void): Promise<string> {
  const file = join(cacheDir, `${loopCacheKey(p)}.${p.codec}`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  // Written under a unique name and renamed: concurrent test files may encode the same loop at once.
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  log(
    `[simulator] encoding ${p.width}x${p.height} ${p.codec} loop of ${p.loopSec} s (cached in ${cacheDir})`,
  );
  try {
    await run('ffmpeg', preEncodeArgs(p, tmp));
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  return file;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err}`))));
  });
}

/** Closing stdin asks the server to quit; SIGTERM, then SIGKILL, if it does not. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const term = setTimeout(() => child.kill('SIGTERM'), 2000);
    const kill = setTimeout(() => child.kill('SIGKILL'), 4000);
    child.once('exit', () => {
      clearTimeout(term);
      clearTimeout(kill);
      resolve();
    });
    child.stdin?.end();
  });
}
