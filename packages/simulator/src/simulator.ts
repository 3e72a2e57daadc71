import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DemoView } from './demo-views.ts';
import type { LoopParams, SceneChange, SimCodec } from './encode-args.ts';
import { ensureLoop, speakerPath } from './loop-files.ts';
import { motionIntervals, type StreamRun, type WallInterval } from './motion.ts';
import { OnvifCamera } from './onvif-camera.ts';
import type { EncoderSettings, EncoderStream } from './onvif-media.ts';
import { ONVIF_PATHS } from './onvif-server.ts';
import { isPortFree, pickFreePorts, releasePorts } from './ports.ts';
import type { PtzVector } from './ptz-model.ts';
import { WALKING_LOOP_SEC, WALKING_SCHEDULE, walkingMotion } from './walking-scene.ts';

export type { EncoderSettings, PtzVector, SceneChange, StreamRun, WallInterval };

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
  /** What moves in the motion intervals: 'box' (default), or 'person', a photograph of a person that an object
   * detector recognises (replayed cameras only; lighting `scene` changes do not apply to it); 'crossing', the same
   * photograph crossing the whole picture left to right once per motion interval (people counting, 0795);
   * 'walking', people walking both ways at several speeds and sizes, sometimes two at once, at the times of
   * `WALKING_SCHEDULE` (decision 0884): its motion is the walks' and its loop `WALKING_LOOP_SEC` (`motion` and
   * `loopSec` do not apply). */
  object?: 'box' | 'person' | 'crossing' | 'walking';
  /** A recognisable scene instead of the test grid (the demo cameras, decision 0876): a shop front whose customer
   * (the person's photograph) crosses in the motion intervals, a car park or a warehouse yard a car drives through.
   * Replayed cameras only; `object` and `scene` do not apply to it. Default none. */
  view?: DemoView;
  /** Lighting changes and noise within the loop, which are not motion (replayed cameras only); default none. */
  scene?: SceneChange[];
  /** Length of the replayed loop in seconds, rounded up to whole keyframe intervals; default 20. */
  loopSec?: number;
  /** Video bit rate of the main stream; default 2000 (720p) or 4000 (1080p). */
  kbps?: number;
  /**
   * Pan, tilt and zoom over ONVIF (on an HTTP port of its own, `SimCamera.onvif`), with WS-Security checked against
   * this user and password (`true`: admin / admin). The picture is a crop window over the scene that follows the
   * position: encoded live like a clock camera. Default none.
   */
  ptz?: boolean | { username: string; password: string };
  /** A speaker: an ONVIF audio back-channel (PCMU, 8 kHz) offered to clients that DESCRIBE with the ONVIF
   * back-channel `Require` header; what it plays is appended, as 16-bit PCM, to `SimCamera.speakerFile`. */
  backchannel?: boolean;
  /**
   * An ONVIF service without PTZ (PTZ cameras have one anyway): the media service's encoder configurations, one
   * per stream, which SetVideoEncoderConfiguration changes (the stream restarts with the new encode). Default none.
   */
  onvif?: boolean | { username: string; password: string };
  /**
   * The ONVIF service's clock minus the real one, ms (default 0): GetSystemDateAndTime answers it, and a
   * UsernameToken digest whose Created is more than ONVIF_CREATED_TOLERANCE_MS off it is refused, as cameras do
   * (decision 0851).
   */
  onvifClockSkewMs?: number;
}

export interface SimPtz {
  port: number;
  /** The device service: http://host:port/onvif/device_service. */
  url: string;
  username: string;
  password: string;
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
  /** PTZ cameras only: where their ONVIF service answers, and its credentials. */
  onvif?: SimPtz;
  options: Required<Omit<SimCameraOptions, 'kbps' | 'ptz' | 'onvif' | 'backchannel' | 'view'>> & {
    view: DemoView | undefined;
    backchannel: boolean;
    kbps: number;
    ptz: { username: string; password: string } | null;
    onvif: { username: string; password: string } | null;
  };
  loopSec: number;
  /** Cameras with a back-channel: the file their speaker writes (16-bit little-endian PCM, mono, 8 kHz). */
  speakerFile?: string;
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
  /** A PTZ camera's position now (what its picture shows and ONVIF GetStatus answers). */
  ptzPosition(index: number): PtzVector;
  /** What an ONVIF camera's stream encoder sends now (changed by SetVideoEncoderConfiguration). */
  encoder(index: number, stream: SimStreamName): EncoderSettings | undefined;
  /** Resolves once camera i's encoder restarts asked so far are done (its stream serves the new encode). */
  encoderSettled(index: number): Promise<void>;
  stop(): Promise<void>;
}

const SERVER_SCRIPT = join(import.meta.dirname, 'rtsp_server.py');
// Debian's Python: the first python3 on PATH may lack the GObject bindings (STACK.md).
const PYTHON = process.env.VIGIL_SIM_PYTHON ?? '/usr/bin/python3';

const SIZES = { '720p': [1280, 720], '1080p': [1920, 1080] } as const;
const SD_SIZE = [640, 360] as const;

const creds = (o: boolean | { username: string; password: string } | undefined) =>
  o === true ? { username: 'admin', password: 'admin' } : o || null;

export function resolveCamera(o: SimCameraOptions): SimCamera['options'] & { loopSec: number } {
  const fps = o.fps ?? 10;
  const gopSec = o.gopSec ?? 2;
  if (!Number.isInteger(fps) || fps < 1 || fps > 30) throw new Error(`fps ${fps} is not 1–30`);
  if (!(gopSec >= 1 && gopSec <= 10)) throw new Error(`gopSec ${gopSec} is not 1–10`);
  const resolution = o.resolution ?? '720p';
  const walking = o.object === 'walking';
  const wanted = walking ? WALKING_LOOP_SEC : (o.loopSec ?? 20);
  return {
    codec: o.codec ?? 'h264',
    resolution,
    fps,
    gopSec,
    audio: o.audio ?? false,
    clock: o.clock ?? false,
    sd: o.sd ?? false,
    motion: walking ? walkingMotion(WALKING_SCHEDULE) : (o.motion ?? [[5, 12]]),
    scene: o.scene ?? [],
    object: o.object ?? 'box',
    view: o.view,
    // Whole keyframe intervals, so every loop starts on a keyframe and the GOP stays regular across the seam.
    loopSec: Math.ceil(wanted / gopSec) * gopSec,
    kbps: o.kbps ?? (resolution === '1080p' ? 4000 : 2000),
    ptz: creds(o.ptz),
    onvif: creds(o.ptz) ?? creds(o.onvif),
    backchannel: o.backchannel ?? false,
    onvifClockSkewMs: o.onvifClockSkewMs ?? 0,
  };
}

/**
 * Starts the cameras. Ports picked from `portRange` are leased machine-wide (ports.ts) until `stop()`; a program
 * that takes no leases may still bind one first, and then other free ports are tried (three times at most).
 */
export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  for (let attempt = 1; ; attempt++) {
    const leased: number[] = [];
    try {
      const sim = await startOnce(opts, leased);
      return { ...sim, stop: () => sim.stop().finally(() => releasePorts(leased)) };
    } catch (err) {
      releasePorts(leased);
      if (opts.basePort !== undefined || attempt === 3 || !/could not start|EADDRINUSE/.test(String(err)))
        throw err;
    }
  }
}

/** The RTSP ports of the cameras and the ONVIF ports of those with PTZ; picked ones are added to `leased`. */
async function choosePorts(
  opts: SimulatorOptions,
  cameras: number,
  ptzCount: number,
  host: string,
  leased: number[],
): Promise<{ ports: number[]; onvifPorts: number[] }> {
  if (opts.basePort === undefined) {
    const all = await pickFreePorts(cameras + ptzCount, host, opts.portRange ?? [18600, 18699]);
    leased.push(...all);
    return { ports: all.slice(0, cameras), onvifPorts: all.slice(cameras) };
  }
  const first = opts.basePort + cameras;
  const ports = Array.from({ length: cameras }, (_, i) => (opts.basePort as number) + i);
  // The first free ones, in order: the same ports from one start to the next.
  const onvifPorts: number[] = [];
  for (let p = first; onvifPorts.length < ptzCount && p < first + 100; p++)
    if (await isPortFree(p, host)) onvifPorts.push(p);
  if (onvifPorts.length < ptzCount) throw new Error(`no ${ptzCount} free ONVIF ports from ${first}`);
  return { ports, onvifPorts };
}

async function startOnce(opts: SimulatorOptions, leased: number[]): Promise<Simulator> {
  const log = opts.log ?? (() => {});
  const host = opts.host ?? '127.0.0.1';
  const list =
    typeof opts.cameras === 'number' ? Array.from({ length: opts.cameras }, () => ({})) : opts.cameras;
  const resolved = list.map((c) => resolveCamera({ ...opts.defaults, ...c }));
  const cacheDir = opts.cacheDir ?? join(tmpdir(), 'vigil-simulator');
  // ONVIF ports (PTZ and ONVIF cameras): after the RTSP ones with basePort, else free ones picked with them.
  const onvifCount = resolved.filter((c) => c.onvif).length;
  const { ports, onvifPorts } = await choosePorts(opts, resolved.length, onvifCount, host, leased);

  const encoders = resolved.map((cam) => initialEncoders(cam));
  const speakers = resolved.map((cam, i) => (cam.backchannel ? speakerPath(ports[i] as number) : undefined));
  const config = await serverConfig({ resolved, encoders, speakers, ports, host, cacheDir, log });

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

  let nextOnvif = 0;
  const cameras: SimCamera[] = resolved.map(({ loopSec, ...options }, index) => {
    const base = `rtsp://${host}:${ports[index]}`;
    const onvifPort = options.onvif ? onvifPorts[nextOnvif++] : undefined;
    return {
      index,
      port: ports[index] as number,
      urls: options.sd ? { main: `${base}/main`, sd: `${base}/sd` } : { main: `${base}/main` },
      ...(options.onvif && onvifPort
        ? {
            onvif: {
              port: onvifPort,
              url: `http://${host}:${onvifPort}${ONVIF_PATHS.device}`,
              ...options.onvif,
            },
          }
        : {}),
      options: { ...options, loopSec },
      loopSec,
      ...(speakers[index] ? { speakerFile: speakers[index] } : {}),
    };
  });
  // A stream restarted with a new encode: the Python server swaps the mount and drops that stream's clients.
  const restart = async (index: number, stream: EncoderStream, e: EncoderSettings): Promise<void> => {
    const cfg = await streamConfig(resolved[index] as Resolved, stream, e, cacheDir, log);
    const done = waitFor('reconfigured', index);
    child.stdin.write(`${JSON.stringify({ cmd: 'reconfigure', camera: index, stream: cfg })}\n`);
    await done;
    log(
      `[simulator] camera ${index} ${stream} now ${e.width}x${e.height} ${e.fps} fps, GOV ${e.gop}, ${e.kbps} kb/s`,
    );
  };
  const ptz = new Map(
    cameras.flatMap((c) =>
      c.onvif
        ? [
            [
              c.index,
              new OnvifCamera({
                ...c.onvif,
                index: c.index,
                host,
                ptz: c.options.ptz !== null,
                clockSkewMs: c.options.onvifClockSkewMs,
                encoders: encoders[c.index] as Map<EncoderStream, EncoderSettings>,
                restart: (stream, e) => restart(c.index, stream, e),
                child,
                log,
              }),
            ] as const,
          ]
        : [],
    ),
  );
  try {
    for (const p of ptz.values()) await p.listen();
  } catch (err) {
    for (const p of ptz.values()) await p.close();
    await stopChild(child);
    throw err;
  }
  const command = async (cmd: 'stop' | 'start', index: number): Promise<void> => {
    if (!cameras[index]) throw new Error(`no camera ${index}`);
    const done = waitFor(cmd === 'stop' ? 'stopped' : 'started', index);
    child.stdin.write(`${JSON.stringify({ cmd, camera: index })}\n`);
    await done;
    // A camera off the network answers neither RTSP nor ONVIF.
    await (cmd === 'stop' ? ptz.get(index)?.close() : ptz.get(index)?.listen());
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
    ptzPosition(i) {
      const model = ptz.get(i)?.model;
      if (!model) throw new Error(`camera ${i} has no PTZ`);
      return model.position(Date.now());
    },
    encoder: (i, stream) => ptz.get(i)?.encoder(stream),
    encoderSettled: async (i) => ptz.get(i)?.settled(),
    stop: async () => {
      for (const p of ptz.values()) await p.close();
      child.kill('SIGCONT');
      return stopChild(child);
    },
  };
}

type Resolved = ReturnType<typeof resolveCamera>;

/** Each stream's encoder as the camera starts: the main stream's size and rate, the sub stream at 640x360. */
function initialEncoders(cam: Resolved): Map<EncoderStream, EncoderSettings> {
  const gop = Math.round(cam.gopSec * cam.fps);
  const [width, height] = SIZES[cam.resolution];
  const out = new Map<EncoderStream, EncoderSettings>([
    ['main', { codec: cam.codec, width, height, fps: cam.fps, gop, kbps: cam.kbps }],
  ]);
  if (cam.sd)
    out.set('sd', { codec: cam.codec, width: SD_SIZE[0], height: SD_SIZE[1], fps: cam.fps, gop, kbps: 500 });
  return out;
}

/**
 * A stream as the Python server serves it: a loop pre-encoded by ffmpeg with the encoder's parameters (replayed),
 * or a live encode (clock and PTZ cameras). The loop stays whole keyframe intervals long: an encoder changed to
 * another GOV length or rate gets a loop of whole GOPs near the camera's length.
 */
async function streamConfig(
  cam: Resolved,
  name: EncoderStream,
  e: EncoderSettings,
  cacheDir: string,
  log: (l: string) => void,
): Promise<object> {
  const initial = e.gop === Math.round(cam.gopSec * e.fps);
  const gopSec = initial ? cam.gopSec : e.gop / e.fps;
  const loopSec = initial ? cam.loopSec : (Math.ceil((cam.loopSec * e.fps) / e.gop) * e.gop) / e.fps;
  const base = { name, codec: e.codec, fps: e.fps, loop_sec: loopSec, motion: cam.motion };
  if (cam.clock || cam.ptz)
    return { ...base, mode: 'live', width: e.width, height: e.height, gop: e.gop, kbps: e.kbps };
  const params: LoopParams = {
    codec: e.codec,
    width: e.width,
    height: e.height,
    fps: e.fps,
    gopSec,
    loopSec,
    kbps: e.kbps,
    motion: cam.motion,
    // Only when there is one: the cache key of a loop without scene changes stays what it was.
    ...(cam.scene.length ? { scene: cam.scene } : {}),
    ...(cam.object !== 'box' ? { object: cam.object } : {}),
    ...(cam.object === 'walking' ? { walks: WALKING_SCHEDULE } : {}),
    ...(cam.view ? { view: cam.view } : {}),
  };
  return { ...base, mode: 'replay', file: await ensureLoop(params, cacheDir, log) };
}

/** Encodes the loop once; later runs (and other cameras with the same parameters) reuse the file. */
/** What the RTSP server process is started with: each camera's port, streams (their loops made) and speaker. */
async function serverConfig(d: {
  resolved: readonly Resolved[];
  encoders: readonly Map<EncoderStream, EncoderSettings>[];
  speakers: readonly (string | undefined)[];
  ports: readonly number[];
  host: string;
  cacheDir: string;
  log: (line: string) => void;
}) {
  const config = [];
  for (const [index, cam] of d.resolved.entries()) {
    const streams = [];
    for (const [name, enc] of d.encoders[index] as Map<EncoderStream, EncoderSettings>)
      streams.push(await streamConfig(cam, name, enc, d.cacheDir, d.log));
    const speaker = d.speakers[index];
    config.push({
      index,
      port: d.ports[index],
      host: d.host,
      audio: cam.audio,
      ptz: cam.ptz !== null,
      streams,
      ...(speaker ? { speaker_file: speaker } : {}),
    });
  }
  return config;
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
