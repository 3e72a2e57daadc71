/**
 * npm run bench -- recorder-cpu [--cameras 16] [--fps 15] [--resolution 720p] [--seconds 60] [--warmup 15]
 *
 * CPU of the recorder for N simulated cameras, with its default settings: ingest (its Node process and its
 * ffmpeg per camera) against N plain `ffmpeg -rtsp_transport tcp -i URL -c copy -f null -` on the same streams,
 * both running in the same window (so the machine's other load affects both alike); the short ffmpeg jobs it
 * ran (stills) are reported apart, and counted in cameras per core. The simulator's CPU is not counted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSimulator } from '@vigil/simulator';
import { CLK_TCK, childrenOf, procTimes, sleep } from './lib/proc.ts';
import { spawnRecorder } from './lib/recorder-child.ts';

const { values } = parseArgs({
  options: {
    cameras: { type: 'string', default: '16' },
    fps: { type: 'string', default: '15' },
    resolution: { type: 'string', default: '720p' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '15' },
  },
});
const n = Number(values.cameras);
const seconds = Number(values.seconds);
const resolution = values.resolution as '720p' | '1080p';

console.log(
  `recorder-cpu: ${n} cameras ${resolution} ${values.fps} fps; ${values.warmup} s warm-up, ${seconds} s measured`,
);
const sim = await startSimulator({
  cameras: n,
  defaults: { fps: Number(values.fps), resolution, gopSec: 2 },
});
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-cpu-'));
const recorder = await spawnRecorder({
  dataDir,
  cameras: sim.cameras.map((c) => ({ uidd: `bench.cam${c.index}`, main: c.urls.main })),
});
const plain: ChildProcess[] = sim.cameras.map((c) =>
  spawn(
    'ffmpeg',
    [
      '-v',
      'error',
      '-nostdin',
      '-rtsp_transport',
      'tcp',
      '-timeout',
      '5000000',
      '-i',
      c.urls.main,
      '-c',
      'copy',
      '-f',
      'null',
      '-',
    ],
    {
      stdio: 'ignore',
    },
  ),
);

await sleep(Number(values.warmup) * 1000);
const online = new Set(
  recorder.events.filter((e) => e.type === 'status' && e.status === 'online').map((e) => e.uidd),
);
const recPid = recorder.child.pid!;

interface Sample {
  node: number;
  reaped: number;
  ffmpeg: Map<number, number>;
  plain: Map<number, number>;
  at: number;
}
const sample = (): Sample => {
  const t = procTimes(recPid)!;
  const ffmpeg = new Map<number, number>();
  for (const pid of childrenOf(recPid)) ffmpeg.set(pid, procTimes(pid)?.self ?? 0);
  const p = new Map<number, number>();
  for (const c of plain) p.set(c.pid!, procTimes(c.pid!)?.self ?? 0);
  return { node: t.self, reaped: t.reaped, ffmpeg, plain: p, at: performance.now() };
};
const delta = (a: Map<number, number>, b: Map<number, number>): { ticks: number; common: number } => {
  let ticks = 0;
  let common = 0;
  for (const [pid, v] of b) {
    const before = a.get(pid);
    if (before === undefined) continue;
    ticks += v - before;
    common++;
  }
  return { ticks, common };
};

const s0 = sample();
await sleep(seconds * 1000);
const s1 = sample();
const wall = (s1.at - s0.at) / 1000;
const pct = (ticks: number): number => (100 * ticks) / CLK_TCK / wall;

const node = pct(s1.node - s0.node);
const jobs = pct(s1.reaped - s0.reaped);
const ingest = delta(s0.ffmpeg, s1.ffmpeg);
const ffmpegPct = pct(ingest.ticks);
const plainDelta = delta(s0.plain, s1.plain);
const plainPct = pct(plainDelta.ticks);
const ingestPct = node + ffmpegPct;
const recorderPct = ingestPct + jobs;
const segments = recorder.events.filter((e) => e.type === 'segment').length;
const restartLogs = recorder.events.filter((e) => e.type === 'log' && e.level !== 'info');
const restarts = restartLogs.filter((e) => e.msg === 'ffmpeg exited; restarting').length;
/** Why: the watchdog, or what ffmpeg said. */
const why = new Map<string, number>();
for (const e of restartLogs) {
  const k = `${e.msg}${e.stderr ? `: ${e.stderr}` : ''}${e.code !== undefined ? ` (code ${e.code})` : ''}`;
  why.set(k, (why.get(k) ?? 0) + 1);
}

await recorder.stop();
for (const c of plain) c.kill('SIGTERM');
await sim.stop();
rmSync(dataDir, { recursive: true, force: true });

const r2 = (x: number): number => Math.round(x * 100) / 100;
const perCamera = recorderPct / n;
console.log(
  `  recorder: node ${r2(node)} %, ingest ffmpeg ${r2(ffmpegPct)} % (${ingest.common} processes), jobs ${r2(jobs)} %`,
);
console.log(`  plain ffmpeg -c copy -f null: ${r2(plainPct)} % (${plainDelta.common} processes)`);
console.log(
  `  ${online.size}/${n} cameras online after warm-up; ${segments} segments; ${restarts} ffmpeg restarts`,
);
for (const [k, count] of why) console.log(`  ${count} × ${k}`);
console.log(
  JSON.stringify({
    bench: 'recorder-cpu',
    cameras: n,
    resolution,
    fps: Number(values.fps),
    seconds: r2(wall),
    machineCores: cpus().length,
    recorderIngestCpuPct: r2(ingestPct),
    recorderNodeCpuPct: r2(node),
    recorderFfmpegCpuPct: r2(ffmpegPct),
    plainFfmpegCpuPct: r2(plainPct),
    ratio: r2(ingestPct / plainPct),
    stillJobsCpuPct: r2(jobs),
    recorderCpuPct: r2(recorderPct),
    recorderCpuPctPerCamera: r2(perCamera),
    camerasPerCore: Math.floor(100 / perCamera),
    online: online.size,
    segments,
    restarts,
  }),
);
