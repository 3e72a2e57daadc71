/**
 * npm run bench -- soak [--seconds 120] [--cameras 16]
 *
 * The server as `npm run serve` runs it records 16 simulated cameras (loopback) for the time given. Reports the
 * recorded seconds against the seconds the cameras were up (from the segments table), the resident memory and
 * open file descriptors of the server process after the cameras came online and at the end (they should not
 * grow), and the latency of `GET /cameras/status` for all the cameras, polled every second with the user's token.
 * Targets: ≥ 99.9 % recorded, no growth of RSS or descriptors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { coverage } from './lib/coverage.ts';
import { percentile, round } from './lib/live-rig.ts';
import { sleep } from './lib/proc.ts';
import { checkSegmentIndex } from './lib/segment-index.ts';
import { procUsage, startServerRig } from './lib/server-rig.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '120' }, cameras: { type: 'string', default: '16' } },
});
const seconds = Number(values.seconds);
const n = Number(values.cameras);
/** Memory and descriptors settle once every camera has written its first segments. */
const WARMUP_MS = 10_000;

console.log(`soak: ${n} cameras for ${seconds} s`);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-soak-'));
const rig = await startServerRig({ name: 'soak', cameras: n, dataDir });
const t0 = Date.now();
console.log(`  ${n} cameras online; server log ${rig.logPath}`);
await sleep(WARMUP_MS);
const pid = rig.pids.at(-1)!;
const atStart = procUsage(pid);
console.log(`  after ${WARMUP_MS / 1000} s: RSS ${round(atStart.rssKb / 1024, 1)} MB, ${atStart.fds} fds`);

const statusPath = `/cameras/status?${rig.uidds.map((u) => `uidd[]=${u}`).join('&')}`;
const latencies: number[] = [];
let statusErrors = 0;
const until = t0 + seconds * 1000;
while (Date.now() < until) {
  const tick = Date.now();
  const start = performance.now();
  const ok = await rig.get(statusPath).then(
    async (r) => r.ok && (await r.arrayBuffer()) !== undefined,
    () => false,
  );
  latencies.push(performance.now() - start);
  if (!ok) statusErrors++;
  if (latencies.length % 30 === 0)
    console.log(
      `  ${Math.round((Date.now() - t0) / 1000)} s: status p99 so far ${round(percentile(latencies, 99))} ms`,
    );
  await sleep(Math.max(0, 1000 - (Date.now() - tick)));
}
const atEnd = procUsage(pid);
const restarts = rig.pids.length - 1;
const tEnd = Date.now();
const { graceful } = await rig.stopServer();
await rig.sim.stop();
console.log(
  `  at the end: RSS ${round(atEnd.rssKb / 1024, 1)} MB, ${atEnd.fds} fds; stopped gracefully: ${graceful}`,
);

const index = await checkSegmentIndex(dataDir, undefined);
const perCamera = rig.uidds.map((uidd, i) => ({
  camera: i,
  ...coverage([t0, tEnd], [], index.recorded.get(uidd) ?? []),
}));
const pcts = perCamera.map((c) => c.pct);
console.log(`  recorded: ${perCamera.map((c) => `${c.recordedSec}/${c.expectedSec}`).join(', ')} s`);
rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    bench: 'soak',
    cameras: n,
    seconds,
    coveragePctMin: Math.min(...pcts),
    coveragePctMean: round(pcts.reduce((a, b) => a + b, 0) / pcts.length, 3),
    rssMbStart: round(atStart.rssKb / 1024, 1),
    rssMbEnd: round(atEnd.rssKb / 1024, 1),
    fdsStart: atStart.fds,
    fdsEnd: atEnd.fds,
    statusPolls: latencies.length,
    statusErrors,
    statusP50Ms: round(percentile(latencies, 50), 1),
    statusP99Ms: round(percentile(latencies, 99), 1),
    statusMaxMs: round(Math.max(...latencies), 1),
    serverRestarts: restarts,
    orphanFiles: index.orphanFiles.length,
    rowsWithoutFiles: index.rowsWithoutFiles.length,
    target: { coveragePct: 99.9, rssGrowth: 'none', fdsGrowth: 0 },
  }),
);
