/**
 * npm run bench -- chaos [--seconds 180] [--cameras 8] [--grace 10] [--pg]
 *
 * The server as `npm run serve` runs it (restarted when it dies) records simulated cameras on loopback while
 * faults are injected one after another, at fixed fractions of the run:
 *   10 %  two cameras leave the network (the simulator's stopCamera) for a tenth of the run, then come back;
 *   30 %  kill -9 of the server process (not the supervisor), which starts it again;
 *   50 %  the database goes away: PostgreSQL (--pg, a database of its own) has every session of the bench's
 *         database ended with pg_terminate_backend; SQLite has its write lock held by another process for 8 s;
 *   70 %  the disk fills up (a tmpfs data directory, as root; skipped with a note otherwise) for 8 % of the run.
 * Each fault's window is from its start to its end plus --grace seconds (reconnecting, the next keyframe); the
 * seconds of each camera's up time outside those windows are what should be recorded. After a graceful stop, the
 * segments table is compared with the files. Targets: ≥ 99.9 % of those seconds recorded, zero orphan files, zero
 * rows without files. Footage the storage watermark deleted to make room while the disk was full (the oldest, by
 * design, decision 0208) was recorded: the index is read just before the disk fills, and segments listed then and
 * gone at the end count as recorded and are reported apart (`reclaimedSec`), with whether they were each camera's
 * oldest.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TEST_PG_ADMIN_URL } from '@vigil/db/testing';
import pg from 'pg';
import { coverage, gaps, type Interval } from './lib/coverage.ts';
import { dropPgSessions, fillDisk, lockSqlite, mountTmpfs, unmount } from './lib/faults.ts';
import { round } from './lib/live-rig.ts';
import { sleep } from './lib/proc.ts';
import { checkSegmentIndex } from './lib/segment-index.ts';
import { RIG_CAMERA, startServerRig } from './lib/server-rig.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '180' },
    cameras: { type: 'string', default: '8' },
    grace: { type: 'string', default: '10' },
    pg: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const n = Number(values.cameras);
const graceMs = Number(values.grace) * 1000;
const SQLITE_LOCK_MS = 8_000;
const OUTAGE_CAMERAS = [n - 2, n - 1];

interface Fault {
  kind: 'camera-outage' | 'server-kill' | 'database-drop' | 'disk-full';
  /** Cameras it takes away; every camera when absent. */
  cameras?: number[];
  at: number;
  end: number;
  note?: string;
}

console.log(
  `chaos: ${n} cameras for ${seconds} s on ${values.pg ? 'PostgreSQL' : 'SQLite'}, grace ${values.grace} s`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-chaos-'));
// Room for twice what the cameras write in the run, and the database.
const tmpfsMb = Math.ceil((n * ((RIG_CAMERA.kbps ?? 2000) / 8) * seconds * 2) / 1024) + 64;
const onTmpfs = mountTmpfs(dataDir, tmpfsMb);
console.log(
  onTmpfs
    ? `  data directory on a ${tmpfsMb} MB tmpfs: ${dataDir}`
    : `  data directory ${dataDir} (not root or no tmpfs: the disk-full step will be skipped)`,
);
let pgDatabase: string | undefined;
let databaseUrl: string | undefined;
if (values.pg) {
  pgDatabase = `vigil_chaos_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${pgDatabase}`);
  databaseUrl = TEST_PG_ADMIN_URL.replace(/\/[^/]*$/, `/${pgDatabase}`);
}

const rig = await startServerRig({ name: 'chaos', cameras: n, dataDir, databaseUrl });
const t0 = Date.now();
const T = seconds * 1000;
console.log(`  ${n} cameras online; server log ${rig.logPath}`);
const faults: Fault[] = [];
const untilFraction = (f: number) => sleep(Math.max(0, t0 + f * T - Date.now()));
const stamp = () => `${round((Date.now() - t0) / 1000)} s`;

await untilFraction(0.1);
{
  const at = Date.now();
  for (const i of OUTAGE_CAMERAS) await rig.sim.stopCamera(i);
  console.log(`  ${stamp()}: cameras ${OUTAGE_CAMERAS.join(', ')} taken away`);
  await sleep(Math.max(5_000, 0.1 * T));
  for (const i of OUTAGE_CAMERAS) await rig.sim.startCamera(i);
  faults.push({ kind: 'camera-outage', cameras: OUTAGE_CAMERAS, at, end: Date.now() });
  console.log(`  ${stamp()}: cameras back`);
}

await untilFraction(0.3);
{
  const pid = rig.pids.at(-1)!;
  const at = Date.now();
  process.kill(pid, 'SIGKILL');
  const back = await rig.healthy(60_000);
  faults.push({
    kind: 'server-kill',
    at,
    end: Date.now(),
    note: back
      ? `pid ${pid}; /health again after ${round((Date.now() - at) / 1000, 1)} s`
      : 'not back in 60 s',
  });
  console.log(`  ${stamp()}: server killed: ${faults.at(-1)!.note}`);
}

await untilFraction(0.5);
{
  const at = Date.now();
  let note: string;
  if (pgDatabase) {
    const ended = await dropPgSessions(TEST_PG_ADMIN_URL, pgDatabase);
    note = `pg_terminate_backend ended ${ended} sessions`;
  } else {
    await lockSqlite(join(dataDir, 'vigil.sqlite'), SQLITE_LOCK_MS);
    note = `SQLite write lock held ${SQLITE_LOCK_MS / 1000} s by another process`;
  }
  faults.push({ kind: 'database-drop', at, end: Date.now(), note });
  console.log(`  ${stamp()}: database dropped: ${note}`);
}

await untilFraction(0.7);
let diskFill = 'skipped: not root, or no tmpfs could be mounted';
// What was recorded before the disk filled: the watermark may delete some of it to make room.
const beforeFill = onTmpfs ? await checkSegmentIndex(dataDir, databaseUrl) : undefined;
if (onTmpfs) {
  const at = Date.now();
  const mb = await fillDisk(dataDir, Math.max(5_000, 0.08 * T));
  diskFill = `filled with ${mb} MB for ${round((Date.now() - at) / 1000)} s`;
  faults.push({ kind: 'disk-full', at, end: Date.now(), note: diskFill });
}
console.log(`  ${stamp()}: disk full: ${diskFill}`);

await untilFraction(1);
const tEnd = Date.now();
const healthyAtEnd = await rig.healthy(5_000);
const { graceful } = await rig.stopServer();
await rig.sim.stop();
const exits = [...readFileSync(rig.logPath, 'utf8').matchAll(/server exited \(([^)]+)\)/g)].map((m) => m[1]!);
console.log(
  `  stopped (${graceful ? 'gracefully' : 'SIGKILL after 30 s'}); server exits: ${exits.join(', ') || 'none'}`,
);

const index = await checkSegmentIndex(dataDir, databaseUrl);
const windowsOf = (camera: number): Interval[] =>
  faults.filter((f) => !f.cameras || f.cameras.includes(camera)).map((f) => [f.at, f.end + graceMs]);
/** Segments indexed before the disk filled and gone at the end: deleted by the watermark to make room. */
const reclaimedOf = (uidd: string): Interval[] => {
  const kept = new Set((index.recorded.get(uidd) ?? []).map(([a, b]) => `${a}-${b}`));
  return (beforeFill?.recorded.get(uidd) ?? []).filter(([a, b]) => !kept.has(`${a}-${b}`));
};
const perCamera = rig.uidds.map((uidd, i) => {
  const reclaimed = reclaimedOf(uidd);
  const kept = index.recorded.get(uidd) ?? [];
  const oldestKept = Math.min(...kept.map(([a]) => a));
  return {
    camera: i,
    ...coverage([t0, tEnd], windowsOf(i), [...kept, ...reclaimed]),
    reclaimedSec: round(reclaimed.reduce((s, [a, b]) => s + (b - a), 0) / 1000, 1),
    reclaimedOldestFirst: reclaimed.every(([a]) => a < oldestKept),
  };
});
/** Seconds from a fault's end until its cameras were all recording again (null: one never was). */
const recoveries = faults.map((f) => {
  const worst = (f.cameras ?? rig.uidds.map((_, i) => i)).map((i) => {
    const uidd = rig.uidds[i]!;
    const next = [...(index.recorded.get(uidd) ?? []), ...reclaimedOf(uidd)]
      .filter(([, b]) => b > f.end)
      .sort((x, y) => x[0] - y[0])[0];
    return next ? Math.max(0, next[0] - f.end) / 1000 : Number.POSITIVE_INFINITY;
  });
  const max = Math.max(...worst);
  return {
    kind: f.kind,
    atSec: round((f.at - t0) / 1000),
    forSec: round((f.end - f.at) / 1000, 1),
    recordingAgainAfterSec: Number.isFinite(max) ? round(max, 1) : null,
    note: f.note,
  };
});
for (const r of recoveries)
  console.log(
    `  ${r.kind} at ${r.atSec} s for ${r.forSec} s: recording again after ${r.recordingAgainAfterSec ?? 'never'} s`,
  );
console.log(
  `  recorded outside the windows: ${perCamera.map((c) => `${c.recordedSec}/${c.expectedSec}`).join(', ')} s`,
);
console.log(
  `  reclaimed by the watermark while the disk was full: ${perCamera.map((c) => c.reclaimedSec).join(', ')} s (each camera's oldest: ${perCamera.every((c) => c.reclaimedOldestFirst)})`,
);
console.log(
  `  index: ${index.rows} rows, ${index.orphanFiles.length} orphan files, ${index.rowsWithoutFiles.length} rows without files, ${index.partFiles.length} .part left`,
);

// Where the seconds outside the windows went (seconds from the start of the run).
for (const [i, uidd] of rig.uidds.entries()) {
  const missing = gaps([t0, tEnd], windowsOf(i), [
    ...(index.recorded.get(uidd) ?? []),
    ...reclaimedOf(uidd),
  ]).filter(([a, b]) => b - a >= 50);
  if (missing.length > 0)
    console.log(
      `    camera ${i} missed: ${missing.map(([a, b]) => `${round((a - t0) / 1000, 1)}–${round((b - t0) / 1000, 1)} s`).join(', ')}`,
    );
}
for (const f of index.orphanFiles.slice(0, 5)) console.log(`    orphan file: ${f}`);
for (const p of index.rowsWithoutFiles.slice(0, 5)) console.log(`    row without file: ${p}`);

if (onTmpfs) unmount(dataDir);
rmSync(dataDir, { recursive: true, force: true });
if (pgDatabase) await adminQuery(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);

const pcts = perCamera.map((c) => c.pct);
const target = { coveragePct: 99.9, orphanFiles: 0, rowsWithoutFiles: 0 };
console.log(
  JSON.stringify({
    bench: 'chaos',
    database: values.pg ? 'postgres' : 'sqlite',
    cameras: n,
    seconds,
    graceSec: graceMs / 1000,
    faults: recoveries,
    diskFill,
    serverExits: exits,
    healthyAtEnd,
    stoppedGracefully: graceful,
    coveragePctMin: Math.min(...pcts),
    coveragePctMean: round(pcts.reduce((a, b) => a + b, 0) / pcts.length, 3),
    perCamera: perCamera.map((c) => [c.recordedSec, c.expectedSec]),
    reclaimedSec: perCamera.map((c) => c.reclaimedSec),
    reclaimedOldestFirst: perCamera.every((c) => c.reclaimedOldestFirst),
    indexRows: index.rows,
    orphanFiles: index.orphanFiles.length,
    rowsWithoutFiles: index.rowsWithoutFiles.length,
    partFilesLeft: index.partFiles.length,
    target,
    pass:
      Math.min(...pcts) >= target.coveragePct &&
      index.orphanFiles.length === 0 &&
      index.rowsWithoutFiles.length === 0,
  }),
);

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
