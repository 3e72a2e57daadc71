import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { createTestDb } from '@vigil/db/testing';
import { InMemoryCameraSource, Recorder, type Segment, SegmentsRepository } from '@vigil/recorder';
import { makeFmp4 } from '@vigil/recorder/testing';
import { type SimCameraOptions, startSimulator } from '@vigil/simulator';

/** Test support for recordings (not a test file itself). */

/** RTSP ports this worktree's tests may use (the simulator picks free ones in the range). */
export const TEST_RTSP_PORTS: [number, number] = [18850, 18899];

export interface Sample {
  /** Holds recordings/<uidd>/...; remove it with `rm()`. */
  dataDir: string;
  uidd: Uidd;
  segments: Segment[];
  /** When the camera was taken off the network and put back (epoch ms), if the sample has a gap. */
  outage?: { stoppedAt: number; restartedAt: number };
  /** When the recorder was stopped and a new one started (epoch ms), if the sample spans a recorder restart. */
  recorderRestart?: { stoppedAt: number; startedAt: number };
  rm(): void;
}

/**
 * Records a real simulated camera with the real recorder, as the server's recorder would: `seconds` of video, and
 * with `gapSeconds` an outage in the middle (the camera's port closes, the recorder reconnects when it is back).
 */
export async function recordSample(o: {
  seconds: number;
  gapSeconds?: number;
  camera?: SimCameraOptions;
  /** The recorder's segment length (default 2 s: more segments in a short sample; production cuts at 4 s). */
  segmentTargetMs?: number;
  /** Stop the recorder after a third of the seconds and start a new one (a server restart: new ffmpeg runs). */
  restartRecorder?: boolean;
}): Promise<Sample> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-recordings-'));
  const uidd = 'sample.cam' as Uidd;
  const db = await createTestDb('sqlite');
  const sim = await startSimulator({
    cameras: [{ gopSec: 1, fps: 10, ...o.camera }],
    portRange: TEST_RTSP_PORTS,
  });
  const segments: Segment[] = [];
  const source = new InMemoryCameraSource([
    { uidd, streams: sim.cameras[0]!.urls, retentionDays: 30, recording: 'continuous' },
  ]);
  const startRecorder = async () => {
    const r = await Recorder.start({
      db: db.db,
      dataDir,
      source,
      segmentTargetMs: o.segmentTargetMs ?? 2000,
      backoffInitialMs: 300,
      backoffMaxMs: 1000,
      stillIntervalMs: 0,
      retentionIntervalMs: 0,
    });
    r.on('segment', (s) => segments.push(s));
    return r;
  };
  let recorder = await startRecorder();
  const until = (pred: () => boolean, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const tick = setInterval(() => {
        if (pred()) resolve();
        else if (Date.now() - started > ms) reject(new Error('no recording from the simulated camera'));
        else return;
        clearInterval(tick);
      }, 50);
    });
  const recorded = () => segments.reduce((n, s) => n + s.endMs - s.startMs, 0);
  let outage: Sample['outage'];
  let recorderRestart: Sample['recorderRestart'];
  try {
    if (o.restartRecorder) {
      await until(() => recorded() >= (o.seconds / 3) * 1000, 60_000);
      await recorder.stop();
      const stoppedAt = Date.now();
      recorder = await startRecorder();
      recorderRestart = { stoppedAt, startedAt: Date.now() };
    }
    const half = o.gapSeconds ? o.seconds / 2 : o.seconds;
    // After a restart, the new recorder's own segments too: the old one's last segment may have reached `half`.
    const since = recorderRestart?.startedAt ?? 0;
    await until(() => recorded() >= half * 1000 && segments.some((s) => s.startMs >= since), 60_000);
    if (o.gapSeconds) {
      await sim.stopCamera(0);
      const stoppedAt = Date.now();
      await new Promise((r) => setTimeout(r, o.gapSeconds! * 1000));
      await sim.startCamera(0);
      outage = { stoppedAt, restartedAt: Date.now() };
      await until(
        () => recorded() >= o.seconds * 1000 && segments.at(-1)!.startMs > outage!.restartedAt,
        60_000,
      );
    }
  } finally {
    await recorder.stop();
    await sim.stop();
  }
  const indexed = await new SegmentsRepository(db.db).list(uidd, 'main', 0 as never, Date.now() as never);
  await db.destroy();
  return {
    dataDir,
    uidd,
    segments: indexed,
    outage,
    recorderRestart,
    rm: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Makes a sample's recording a camera's: its files hard-linked under `dataDir`/recordings/<uidd>/ and its rows in
 * `db`, optionally moved in time by `shiftMs` (the media inside is unchanged).
 */
export async function installSample(
  sample: Sample,
  db: Db,
  dataDir: string,
  uidd: Uidd,
  shiftMs = 0,
): Promise<Segment[]> {
  const rename = (rel: string) =>
    `${uidd}/${rel.slice(sample.uidd.length + 1)}`.replace(
      /\/(\d+)\.([0-9a-f]+)\.m4s$/,
      (_m, start, hash) => `/${Number(start) + shiftMs}.${hash}.m4s`,
    );
  const repo = new SegmentsRepository(db);
  const out: Segment[] = [];
  for (const s of sample.segments) {
    for (const rel of [s.initPath, s.path]) {
      const to = join(dataDir, 'recordings', rename(rel));
      mkdirSync(dirname(to), { recursive: true });
      try {
        linkSync(join(sample.dataDir, 'recordings', rel), to);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    out.push(
      await repo.insert({
        ...s,
        uidd,
        startMs: (s.startMs + shiftMs) as Segment['startMs'],
        endMs: (s.endMs + shiftMs) as Segment['endMs'],
        path: rename(s.path),
        initPath: rename(s.initPath),
      }),
    );
  }
  return out;
}

/**
 * A small recording made without a camera: `seconds` of test pattern (1 s keyframes) as one init + one segment,
 * indexed for `uidd` (its main stream unless told), ending at `endMs`. For tests that need video to exist, not a real camera's.
 */
export async function syntheticRecording(
  db: Db,
  dataDir: string,
  uidd: Uidd,
  o: { seconds?: number; endMs: number; stream?: 'main' | 'sd'; size?: string },
): Promise<Segment> {
  const stream = o.stream ?? 'main';
  const seconds = o.seconds ?? 4;
  const mp4 = makeFmp4({ seconds, fps: 10, gop: 10, ...(o.size ? { size: o.size } : {}) });
  // Top-level boxes: ftyp + moov make the init segment, the rest (moof + mdat pairs) the media segment.
  let at = 0;
  while (at < mp4.length && mp4.toString('latin1', at + 4, at + 8) !== 'moof') at += mp4.readUInt32BE(at);
  const startMs = o.endMs - seconds * 1000;
  const day = new Date(startMs).toISOString().slice(0, 10);
  // Another picture, another init (as the recorder names inits by their content).
  const tag = o.size ? `5e${o.size.replace('x', '')}` : '5e7e1c';
  const initPath = `${uidd}/${stream}/init-${tag}.mp4`;
  const path = `${uidd}/${stream}/${day}/${startMs}.${tag}.m4s`;
  mkdirSync(join(dataDir, 'recordings', uidd, stream, day), { recursive: true });
  writeFileSync(join(dataDir, 'recordings', initPath), mp4.subarray(0, at));
  writeFileSync(join(dataDir, 'recordings', path), mp4.subarray(at));
  return new SegmentsRepository(db).insert({
    uidd,
    stream,
    startMs: startMs as Segment['startMs'],
    endMs: o.endMs as Segment['endMs'],
    bytes: mp4.length - at,
    path,
    initPath,
    codec: 'avc1.64000d',
  });
}

/** ffprobe's view of a file, as an outside client has it: duration, streams, decode order, errors. */
export interface Probe {
  duration: number;
  streams: string[];
  /** Per stream, whether its packets' decode times only go forward ('' when they do; else where they do not). */
  monotonic: string;
  errors: string;
}

export function probe(path: string): Probe {
  try {
    const out = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_type:packet=stream_index,dts_time',
        '-of',
        'json',
        path,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 },
    );
    const json = JSON.parse(out);
    const last = new Map<number, number>();
    let monotonic = '';
    for (const [i, p] of (json.packets ?? []).entries()) {
      const dts = Number(p.dts_time);
      if (Number.isNaN(dts)) continue;
      const before = last.get(p.stream_index) ?? -Infinity;
      if (dts <= before && !monotonic)
        monotonic = `packet ${i}, stream ${p.stream_index}: ${before} then ${dts}`;
      last.set(p.stream_index, dts);
    }
    return {
      duration: Number(json.format?.duration ?? 0),
      streams: (json.streams ?? []).map((s: { codec_type: string }) => s.codec_type),
      monotonic,
      errors: '',
    };
  } catch (e) {
    return {
      duration: 0,
      streams: [],
      monotonic: '',
      errors: String((e as { stderr?: string }).stderr ?? e),
    };
  }
}

/** What ffmpeg says decoding the whole file (nothing when it decodes cleanly). */
export function decodeErrors(path: string): string {
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'null', '-'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return '';
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  }
}
