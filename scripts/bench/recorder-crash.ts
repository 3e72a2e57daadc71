/**
 * npm run bench -- recorder-crash [--cameras 3] [--record 15] [--outage 20]
 *
 * 1. kill -9 of the recorder while it records: how many seconds of video before the kill are not in the index
 *    once it has restarted (and recovered the open segments), and whether its ffmpeg processes died with it.
 * 2. Every closed segment plays: each is decoded completely after its init segment (ffmpeg -f null).
 * 3. A camera outage: the camera leaves the network for --outage seconds; how long after it returns the
 *    recorder is online again and its first new segment starts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { openDb } from '@vigil/db';
import { SegmentsRepository } from '@vigil/recorder';
import { startSimulator } from '@vigil/simulator';
import { alive, childrenOf, sleep } from './lib/proc.ts';
import { spawnRecorder } from './lib/recorder-child.ts';

const { values } = parseArgs({
  options: {
    cameras: { type: 'string', default: '3' },
    record: { type: 'string', default: '15' },
    outage: { type: 'string', default: '20' },
  },
});
const n = Number(values.cameras);
const r2 = (x: number): number => Math.round(x * 100) / 100;

console.log(
  `recorder-crash: ${n} cameras, kill -9 after ${values.record} s, then a ${values.outage} s outage`,
);
const sim = await startSimulator({ cameras: n, defaults: { fps: 15, gopSec: 2 } });
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-crash-'));
const uidd = (i: number): Uidd => `bench.cam${i}` as Uidd;
const settings = {
  dataDir,
  cameras: sim.cameras.map((c) => ({ uidd: uidd(c.index), main: c.urls.main })),
  options: { stillIntervalMs: 0, backoffMaxMs: 60_000 },
};

// 1. Record, then kill -9.
const first = await spawnRecorder(settings);
for (let i = 0; i < n; i++)
  await first.waitFor((e) => e.type === 'status' && e.uidd === uidd(i) && e.status === 'online');
await sleep(Number(values.record) * 1000);
const ffmpegPids = childrenOf(first.child.pid!);
const killedAt = Date.now();
first.child.kill('SIGKILL');
await new Promise((r) => first.child.once('exit', r));
await sleep(1000);
const orphans = ffmpegPids.filter(alive);
console.log(
  `  killed the recorder (${ffmpegPids.length} ffmpeg children; ${orphans.length} still alive 1 s later)`,
);

// 2. Restart: recovery indexes what the crash left open.
const restartAt = Date.now();
const second = await spawnRecorder(settings);
const startupMs = Date.now() - restartAt;
const recovered =
  second.events.find((e) => e.type === 'log' && e.msg.startsWith('recovered open segments'))?.recovered ?? 0;
const handle = openDb({ sqlitePath: join(dataDir, 'vigil.sqlite') });
const repo = new SegmentsRepository(handle.db);
const lostSec: number[] = [];
for (let i = 0; i < n; i++) {
  const before = await repo.list(uidd(i), 'main', (killedAt - 3_600_000) as EpochMs, killedAt as EpochMs);
  const lastEnd = Math.max(...before.map((s) => s.endMs));
  lostSec.push((killedAt - lastEnd) / 1000);
}
console.log(
  `  restarted in ${startupMs} ms; recovered ${recovered} open segments; lost before the kill: ${lostSec.map(r2).join(', ')} s`,
);

// 3. Outage of camera 0.
await second.waitFor((e) => e.type === 'status' && e.uidd === uidd(0) && e.status === 'online');
await sim.stopCamera(0);
const outageAt = Date.now();
const offline = await second.waitFor(
  (e) => e.type === 'status' && e.uidd === uidd(0) && e.status === 'offline' && e.at >= outageAt,
);
await sleep(Number(values.outage) * 1000);
await sim.startCamera(0);
const backAt = Date.now();
const online = await second.waitFor(
  (e) => e.type === 'status' && e.uidd === uidd(0) && e.status === 'online' && e.at >= backAt,
  120_000,
);
const resumed = await second.waitFor(
  (e) => e.type === 'segment' && e.uidd === uidd(0) && e.startMs >= backAt,
  120_000,
);
console.log(
  `  outage: offline after ${r2((offline.at - outageAt) / 1000)} s; online ${r2((online.at - backAt) / 1000)} s after the camera returned`,
);
await second.stop();

// 4. Every closed segment plays.
const all = (
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      repo.list(uidd(i), 'main', 0 as EpochMs, Number.MAX_SAFE_INTEGER as EpochMs),
    ),
  )
).flat();
/** Runs a tool on init + segment; clean when it exits 0 and prints no error. */
const clean = (cmd: string, args: string[], input: Buffer): boolean => {
  const r = spawnSync(cmd, args, { input, stdio: ['pipe', 'ignore', 'pipe'], maxBuffer: 1 << 20 });
  return r.status === 0 && r.stderr.length === 0;
};
let unplayable = 0;
let ffprobeClean = 0;
let seconds = 0;
for (const s of all) {
  const input = Buffer.concat([
    readFileSync(join(dataDir, 'recordings', s.initPath)),
    readFileSync(join(dataDir, 'recordings', s.path)),
  ]);
  if (!clean('ffmpeg', ['-v', 'error', '-f', 'mp4', '-i', 'pipe:0', '-f', 'null', '-'], input)) unplayable++;
  if (clean('ffprobe', ['-v', 'error', '-show_packets', '-i', 'pipe:0'], input)) ffprobeClean++;
  seconds += (s.endMs - s.startMs) / 1000;
}
console.log(
  `  ${all.length} closed segments (${r2(seconds)} s): ${unplayable} fail to decode, ${ffprobeClean} ffprobe-clean`,
);

await handle.destroy();
await sim.stop();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    bench: 'recorder-crash',
    cameras: n,
    lostBeforeKillSecMax: r2(Math.max(...lostSec)),
    lostBeforeKillSecMean: r2(lostSec.reduce((a, b) => a + b, 0) / n),
    ffmpegAliveAfterKill: orphans.length,
    recoveredOpenSegments: recovered,
    restartMs: startupMs,
    closedSegments: all.length,
    unplayableSegments: unplayable,
    ffprobeCleanSegments: ffprobeClean,
    outageSec: Number(values.outage),
    offlineDetectedSec: r2((offline.at - outageAt) / 1000),
    onlineAfterReturnSec: r2((online.at - backAt) / 1000),
    recordingResumedAfterReturnSec: r2((resumed.startMs - backAt) / 1000),
  }),
);
