/**
 * CPU of one recorder process of a fleet (`main.ts` with ROLE=recorder, its lease manager, PostgreSQL) as its
 * cameras grow step by step: cameras are installed straight in the database, the recorder takes their leases and
 * records them; once every one has a segment indexed, the process and its children (ffmpeg per camera, the motion
 * decoders, its stills jobs, those that ended included) are measured from /proc as in the recorder-cpu bench (0206).
 * PostgreSQL's backends serving the recorder are measured apart (another process, on another host in production).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type SimCameraOptions, startSimulator } from '@vigil/simulator';
import pg from 'pg';
import type { FleetDb } from './fleet-db.ts';
import { bytesPerRow } from './fleet-rows.ts';
import { CLK_TCK, childrenOf, procTimes, sleep } from './proc.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface CpuOptions {
  steps: number[];
  /** Stop stepping once a step is above this share of one core (%). */
  limitPct: number;
  seconds: number;
  settleSec: number;
  port: number;
  simPorts: [number, number];
  /** Simulated streams; camera i reads stream i mod simCameras (the simulator shares a stream among readers). */
  simCameras: number;
  camera: SimCameraOptions;
  ttlSec: number;
}

export interface CpuStep {
  cameras: number;
  /** Cameras with a segment indexed since the step began. */
  recording: number;
  seconds: number;
  /** The recorder process and its children, % of one core. */
  cpuPct: number;
  nodePct: number;
  /** Its children: ffmpeg per camera, motion's decoders, stills jobs (those that ended in the window included). */
  ffmpegPct: number;
  /** Children alive at the end of the window. */
  ffmpegProcesses: number;
  perCameraPct: number;
  /** The PostgreSQL backends of the recorder's connections, % of one core. */
  postgresPct: number;
  /** Proportional set size of the process and its children at the end (shared pages split among sharers). */
  memoryMb: number;
  segmentsPerSec: number;
  eventsPerSec: number;
  /** Rows inserted + updated + deleted in the database, and transactions committed, per second. */
  rowWritesPerSec: number;
  commitsPerSec: number;
  load1: number;
}

interface Sample {
  at: number;
  pssKb: number;
  node: number;
  reaped: number;
  children: Map<number, number>;
  postgres: Map<number, number>;
  writes: number;
  commits: number;
  segments: number;
  events: number;
}

export async function measureRecorderCpu(
  fleet: FleetDb,
  o: CpuOptions,
): Promise<{ steps: CpuStep[]; segmentRowBytes: number; eventRowBytes: number }> {
  const sim = await startSimulator({ cameras: o.simCameras, defaults: o.camera, portRange: o.simPorts });
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-fleet-'));
  const log: string[] = [];
  const child = spawnRecorder(fleet.url, dataDir, o, log);
  const sampler = new pg.Client({ connectionString: fleet.url });
  await sampler.connect();
  const steps: CpuStep[] = [];
  try {
    await healthy(o.port, child, log);
    let installed = 0;
    for (const n of o.steps) {
      const from = Date.now();
      await fleet.addCameras(
        n - installed,
        (i) => (sim.cameras[i % sim.cameras.length] ?? sim.cameras[0])!.urls.main,
      );
      installed = n;
      const recording = await waitRecording(sampler, n, from, 60_000);
      await sleep(o.settleSec * 1000);
      const s0 = await sample(sampler, child.pid as number);
      await sleep(o.seconds * 1000);
      const s1 = await sample(sampler, child.pid as number);
      const step = figures(n, recording, s0, s1);
      steps.push(step);
      console.log(
        `  ${n} cameras (${recording} recording): ${step.cpuPct} % of a core (node ${step.nodePct}, ffmpeg ${step.ffmpegPct}; ${step.ffmpegProcesses} processes); ${step.perCameraPct} % a camera; ${step.memoryMb} MB; PostgreSQL ${step.postgresPct} %; ${step.segmentsPerSec} segments/s, ${step.rowWritesPerSec} row writes/s; load ${step.load1}`,
      );
      if (step.cpuPct > o.limitPct) break;
    }
    return {
      steps,
      segmentRowBytes: await bytesPerRow(sampler, 'segments'),
      eventRowBytes: await bytesPerRow(sampler, 'events'),
    };
  } finally {
    await sampler.end();
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    await sim.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function spawnRecorder(databaseUrl: string, dataDir: string, o: CpuOptions, log: string[]): ChildProcess {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ROLE: 'recorder',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RECORDER_ID: 'bench-recorder',
      RECORDER_CAPACITY: '100000',
      DATABASE_URL: databaseUrl,
      LEASE_TTL_SEC: String(o.ttlSec),
      DEMO_CAMERAS: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // A small tmp disk: keep a tenth free instead of the default gigabytes (as the server rig does).
      STORAGE_MIN_FREE_GB: '0',
      STORAGE_MIN_FREE_PERCENT: '5',
      STORAGE_DB_RESERVE_MB: '8',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    log.push(b.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

async function healthy(port: number, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`the recorder did not start:\n${log.join('')}`);
}

/** Waits until every camera has a segment that began after `from`; answers how many have. */
async function waitRecording(c: pg.Client, n: number, from: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await c.query<{ k: string }>(
      'SELECT count(DISTINCT camera_uidd) AS k FROM segments WHERE start_ms >= $1',
      [from],
    );
    const k = Number(r.rows[0]?.k);
    if (k >= n || Date.now() > deadline) return k;
    await sleep(500);
  }
}

async function sample(c: pg.Client, pid: number): Promise<Sample> {
  const t = procTimes(pid);
  if (!t) throw new Error('the recorder exited');
  const children = new Map<number, number>();
  for (const p of childrenOf(pid)) children.set(p, procTimes(p)?.self ?? 0);
  const backends = await c.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const postgres = new Map<number, number>();
  for (const b of backends.rows) postgres.set(b.pid, procTimes(b.pid)?.self ?? 0);
  const stats = await c.query<{ w: string; x: string; s: string; e: string }>(
    `SELECT tup_inserted + tup_updated + tup_deleted AS w, xact_commit AS x,
       (SELECT count(*) FROM segments) AS s, (SELECT count(*) FROM events) AS e
     FROM pg_stat_database WHERE datname = current_database()`,
  );
  const st = stats.rows[0];
  return {
    at: performance.now(),
    pssKb: [pid, ...children.keys()].reduce((kb, p) => kb + pssKb(p), 0),
    node: t.self,
    reaped: t.reaped,
    children,
    postgres,
    writes: Number(st?.w),
    commits: Number(st?.x),
    segments: Number(st?.s),
    events: Number(st?.e),
  };
}

/** PSS of a process (kB), 0 when it is gone. */
function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Ticks of the database backends present in both samples (the recorder's pool keeps its connections). */
function common(a: Map<number, number>, b: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, v] of b) ticks += v - (a.get(pid) ?? v);
  return ticks;
}

function figures(cameras: number, recording: number, s0: Sample, s1: Sample): CpuStep {
  const wall = (s1.at - s0.at) / 1000;
  const pct = (ticks: number) => r2((100 * ticks) / CLK_TCK / wall);
  const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  // The whole tree: a child that ends in the window moves its ticks from the living children to the process's
  // reaped total (cutime), one that starts comes from zero; so motion's event decoders, which come and go with
  // motion, are counted whole.
  const nodePct = pct(s1.node - s0.node);
  const ffmpegPct = pct(s1.reaped - s0.reaped + sum(s1.children) - sum(s0.children));
  const cpuPct = r2(nodePct + ffmpegPct);
  // pg_stat_database is updated when a backend's transaction ends (and sent at most every 500 ms): a rate.
  const rate = (x: number) => r2(x / wall);
  return {
    cameras,
    recording,
    seconds: r2(wall),
    cpuPct,
    nodePct,
    ffmpegPct,
    ffmpegProcesses: s1.children.size,
    perCameraPct: r2(cpuPct / cameras),
    postgresPct: pct(common(s0.postgres, s1.postgres)),
    memoryMb: Math.round(s1.pssKb / 1024),
    segmentsPerSec: rate(s1.segments - s0.segments),
    eventsPerSec: rate(s1.events - s0.events),
    rowWritesPerSec: rate(s1.writes - s0.writes),
    commitsPerSec: rate(s1.commits - s0.commits),
    load1: r2(loadavg()[0] ?? 0),
  };
}

const r2 = (x: number): number => Math.round(x * 100) / 100;
