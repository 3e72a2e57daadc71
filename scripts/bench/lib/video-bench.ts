/**
 * Support for the video benchmarks: a long recording made from a short real one, and the server around it.
 *
 * A simulated 1080p camera is recorded by the real recorder for a few seconds (video only); its segments are then
 * repeated, each copy's decode times moved on (tfdt rewritten), into one continuous 10-minute run: 150 real
 * segments, the media as the camera sent it. Longer recordings index that run again and again (hard links under
 * each copy's own name), one run per 10 minutes: a day is 144 runs and 21 600 segments, and takes no more disk than
 * the 10 minutes. The run is kept in $TMPDIR/vigil-bench-video between runs of the benchmarks.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Uidd, uiddOf } from '@vigil/contracts';
import { type Db, type DbHandle, migrateToLatest, openDb, type SegmentsTable } from '@vigil/db';
import { children, parseInit } from '@vigil/recorder';
import { encodeKeyframes, KeyframeMarks, Mp4Splitter } from '@vigil/recorder/testing';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { hashPassword } from '../../../apps/server/src/features/auth/passwords.ts';
import { newUserRow, UsersRepository } from '../../../apps/server/src/features/auth/users-repository.ts';
import { cameraRow } from '../../../apps/server/src/features/cameras/testing.ts';
import { recordSample } from '../../../apps/server/src/features/recordings/testing.ts';

const ROOT = join(tmpdir(), 'vigil-bench-video');
export const RUN_MS = 10 * 60_000;
/** Between two copies of the run: a recorder restart. */
export const GAP_MS = 2000;

/** One segment of the 10-minute run: where it starts in the run, how long, its file. */
interface RunSegment {
  offsetMs: number;
  durationMs: number;
  file: string;
  bytes: number;
  /** The index's keyframes column for it (runs kept from before 0510 lack it: computed when indexed). */
  keyframes?: string;
}
export interface Run {
  init: string;
  codec: string;
  segments: RunSegment[];
}

/** Moves every tfdt of a media segment by `deltaTicks`. */
function shiftDecodeTimes(seg: Buffer, deltaTicks: number): Buffer {
  const out = Buffer.from(seg);
  for (const top of children(out, 0)) {
    if (top.type !== 'moof') continue;
    for (const traf of children(top.data)) {
      if (traf.type !== 'traf') continue;
      for (const box of children(traf.data)) {
        if (box.type !== 'tfdt') continue;
        if (box.data[8] === 1)
          box.data.writeBigUInt64BE(box.data.readBigUInt64BE(12) + BigInt(deltaTicks), 12);
        else box.data.writeUInt32BE(box.data.readUInt32BE(12) + deltaTicks, 12);
      }
    }
  }
  return out;
}

/** The first decode time of a media segment (its first moof's video tfdt). */
function firstDecodeTime(seg: Buffer): number {
  for (const top of children(seg, 0)) {
    if (top.type !== 'moof') continue;
    for (const traf of children(top.data))
      for (const box of children(traf.data))
        if (box.type === 'tfdt')
          return box.data[8] === 1 ? Number(box.data.readBigUInt64BE(12)) : box.data.readUInt32BE(12);
  }
  throw new Error('no tfdt');
}

/** A segment's keyframes after its first, as the recorder indexes them (decision 0510). */
function keyframesOf(init: Buffer, seg: Buffer): string {
  const splitter = new Mp4Splitter();
  const events = [...splitter.push(init), ...splitter.push(seg)];
  const info = events.find((e) => e.kind === 'init');
  const marks = new KeyframeMarks(info?.kind === 'init' ? (info.init.info.video?.timescale ?? 1) : 1);
  let byte = 0;
  for (const e of events) {
    if (e.kind !== 'fragment') continue;
    marks.add(byte, e.fragment.keyframe, e.fragment.video?.baseDecodeTime);
    byte += e.fragment.data.length;
  }
  return encodeKeyframes(marks.list);
}

/** The 10-minute 1080p run, made once and kept. */
export async function tenMinuteRun(log: (s: string) => void = console.log): Promise<Run> {
  const manifest = join(ROOT, 'run.json');
  if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')) as Run;
  log('  recording a 1080p sample from the simulator (once; kept in $TMPDIR/vigil-bench-video)');
  const sample = await recordSample({ seconds: 12, camera: { resolution: '1080p', fps: 25, gopSec: 2 } });
  try {
    rmSync(ROOT, { recursive: true, force: true });
    mkdirSync(join(ROOT, 'run'), { recursive: true });
    const src = (rel: string) => readFileSync(join(sample.dataDir, 'recordings', rel));
    // Whole segments of the sample's first run (the last may be short: leave it out).
    const pieces = sample.segments.filter((s) => s.endMs - s.startMs >= 3000).slice(0, 3);
    const init = src(pieces[0]!.initPath);
    const timescale = parseInit(init.subarray(init.indexOf('moov') - 4)).video?.timescale ?? 90_000;
    writeFileSync(join(ROOT, 'run', 'init.mp4'), init);
    const bodies = pieces.map((p) => src(p.path));
    const firsts = bodies.map(firstDecodeTime);
    const run: Run = { init: join(ROOT, 'run', 'init.mp4'), codec: pieces[0]!.codec, segments: [] };
    let offsetMs = 0;
    for (let i = 0; offsetMs < RUN_MS; i++) {
      const k = i % pieces.length;
      const piece = pieces[k]!;
      const durationMs = piece.endMs - piece.startMs;
      const data = shiftDecodeTimes(bodies[k]!, Math.round((offsetMs * timescale) / 1000) - firsts[k]!);
      const file = join(ROOT, 'run', `${String(i).padStart(4, '0')}.m4s`);
      writeFileSync(file, data);
      run.segments.push({ offsetMs, durationMs, file, bytes: data.length });
      offsetMs += durationMs;
    }
    writeFileSync(manifest, JSON.stringify(run));
    return run;
  } finally {
    sample.rm();
  }
}

/**
 * Indexes the run for a camera from `startMs`, `copies` times back to back (each copy its own run, as after a
 * recorder restart), hard-linking the files under the names the recorder would give them.
 */
export async function indexRun(
  db: Db,
  dataDir: string,
  uidd: Uidd,
  run: Run,
  startMs: number,
  copies = 1,
  /** Index the segments without their keyframes, as recorded before decision 0510: played whole. */
  whole = false,
): Promise<{ segments: number; fromMs: number; toMs: number }> {
  const dir = join(dataDir, 'recordings', uidd, 'main');
  mkdirSync(dir, { recursive: true });
  const initRel = `${uidd}/main/init-0be0c4.mp4`;
  if (!existsSync(join(dataDir, 'recordings', initRel)))
    linkSync(run.init, join(dataDir, 'recordings', initRel));
  const runMs = run.segments.reduce((n, s) => n + s.durationMs, 0);
  const init = readFileSync(run.init);
  for (const s of run.segments) s.keyframes ??= keyframesOf(init, readFileSync(s.file));
  let rows: SegmentsTable[] = [];
  let n = 0;
  const flush = async () => {
    if (rows.length) await db.insertInto('segments').values(rows).execute();
    rows = [];
  };
  for (let c = 0; c < copies; c++) {
    // Two seconds apart: each copy is a run of its own, as after a restart (which takes more than a second).
    const base = startMs + c * (runMs + GAP_MS);
    for (const s of run.segments) {
      const start = base + s.offsetMs;
      const day = new Date(start).toISOString().slice(0, 10);
      const rel = `${uidd}/main/${day}/${start}.0be0c4.m4s`;
      mkdirSync(join(dir, day), { recursive: true });
      if (!existsSync(join(dataDir, 'recordings', rel))) linkSync(s.file, join(dataDir, 'recordings', rel));
      rows.push({
        id: `${uidd}-${start}`,
        camera_uidd: uidd,
        stream: 'main',
        start_ms: start,
        end_ms: start + s.durationMs,
        bytes: s.bytes,
        path: rel,
        init_path: initRel,
        codec: run.codec,
        keyframes: whole ? null : (s.keyframes ?? null),
      });
      n += 1;
      if (rows.length >= 500) await flush();
    }
  }
  await flush();
  return { segments: n, fromMs: startMs, toMs: startMs + copies * (runMs + GAP_MS) - GAP_MS };
}

export interface VideoServer {
  base: string;
  token: string;
  uid: string;
  db: DbHandle;
  dataDir: string;
  camera(device: string): Promise<Uidd>;
  close(): Promise<void>;
}

/** The real server on a fresh SQLite database under .bench/video/server, listening on a free port. */
export async function videoServer(webDist?: string): Promise<VideoServer> {
  const dataDir = join(ROOT, 'server');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SUPPORT_PASSWORD: 'bench support password',
    ...(webDist ? { WEB_DIST: webDist } : {}),
  });
  const db = openDb({ sqlitePath: config.sqlitePath });
  await migrateToLatest(db.db);
  const app = await buildApp({ config, database: db });
  const uid = 'benchuser';
  const email = 'bench@vigil.local';
  const password = 'bench password 1';
  await new UsersRepository(db.db).createAccount(
    newUserRow({
      uid,
      email,
      password_hash: await hashPassword(password),
      account_type: 'u',
      region: config.REGION,
      created_at: Date.now(),
      email_verified_at: Date.now(),
    }),
    { id: 'benchorg', owner_uid: uid, name: email, cloud_storage_duration: 30, created_at: Date.now() },
    [],
  );
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = (await (
    await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).json()) as { authToken: string };
  return {
    base,
    token: login.authToken,
    uid,
    db,
    dataDir,
    async camera(device) {
      const uidd = uiddOf(uid, device);
      const row = cameraRow({
        owner: uid,
        deviceId: device,
        name: `Bench ${device}`,
        now: Date.now(),
        streamUrl: 'rtsp://127.0.0.1:9/bench',
      });
      await db.db.insertInto('cameras').values(row).execute();
      return uidd;
    },
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
export const r1 = (x: number): number => Math.round(x * 10) / 10;
