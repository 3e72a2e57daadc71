/**
 * health: support's health screen (GET /support/health) with 100,000 installed cameras on PostgreSQL, through the
 * real server (app.inject: the support check, the reads, JSON). Prints the endpoint's median time and answer size,
 * and the same for the old way (decision 0721's read of every camera, kept below as `oldRead`): every installed
 * camera's row and status report read, each classified, then sorted per recorder.
 *
 * Modes: `all` (one process: the in-process recorder's reports) and `fleet` (ROLE=server: 10 recorders hold 99 %
 * of the cameras by lease, each answering its own reports, 1 % held by none).
 *
 *   npm run bench -- health [--cameras 100000] [--runs 30] [--mode all,fleet]
 */
import { parseArgs } from 'node:util';
import {
  HEALTH_BEHIND_MS,
  HEALTH_CAMERAS_LISTED,
  type HealthCamera,
  type HealthRecorder,
  type Uidd,
} from '@vigil/contracts';
import { migrateToLatest } from '@vigil/db';
import { createTestDb } from '@vigil/db/testing';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { hashPassword } from '../../apps/server/src/features/auth/passwords.ts';
import { newUserRow, UsersRepository } from '../../apps/server/src/features/auth/users-repository.ts';
import { CamerasRepository } from '../../apps/server/src/features/cameras/cameras-repository.ts';
import type { CamerasModule } from '../../apps/server/src/features/cameras/module.ts';
import { RoutedCameraStatus } from '../../apps/server/src/features/cameras/routed-status.ts';
import {
  type CameraStatusReport,
  InMemoryCameraStatus,
} from '../../apps/server/src/features/cameras/status-provider.ts';
import { cameraRow } from '../../apps/server/src/features/cameras/testing.ts';
import { LeasesRepository } from '../../apps/server/src/features/fleet/leases-repository.ts';
import { leaseHoldersOf } from '../../apps/server/src/features/fleet/module.ts';

const { values } = parseArgs({
  options: {
    cameras: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    mode: { type: 'string', default: 'all,fleet' },
  },
});
const CAMERAS = Number(values.cameras);
const RUNS = Number(values.runs);
const RECORDERS = 10;
type Mode = 'all' | 'fleet';
type Db = Awaited<ReturnType<typeof createTestDb>>['db'];

/** One camera row written by the repository, then copied server-side to `CAMERAS` rows (uidds owner.dev<k>). */
async function fill(db: Db, owner: string): Promise<Uidd[]> {
  const now = Date.now();
  await new CamerasRepository(db).insert(
    cameraRow({ owner, deviceId: 'dev0', name: 'Camera 0', now, streamUrl: 'rtsp://198.51.100.7:554/live' }),
  );
  const columns = (
    await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
      WHERE table_name = 'cameras' ORDER BY ordinal_position`.execute(db)
  ).rows.map((r) => r.column_name);
  const value = (col: string) =>
    col === 'uidd'
      ? `owner_uid || '.dev' || k`
      : col === 'device_id'
        ? `'dev' || k`
        : col === 'name'
          ? `'Camera ' || k`
          : col;
  await sql
    .raw(
      `INSERT INTO cameras (${columns.join(', ')}) SELECT ${columns.map(value).join(', ')}
       FROM cameras, generate_series(1, ${CAMERAS - 1}) AS k`,
    )
    .execute(db);
  await sql`ANALYZE cameras`.execute(db);
  return Array.from({ length: CAMERAS }, (_, k) => `${owner}.dev${k}` as Uidd);
}

/** 99 % recording, 0.6 % unreachable, 0.4 % behind: a fleet on an ordinary day. */
function reportOf(k: number, now: number): CameraStatusReport {
  if (k % 1000 < 6) return { state: 'error', problem: 'unreachable', lastActivity: null };
  if (k % 1000 < 10) return { state: 'live', lastActivity: (now - 120_000) as never };
  return { state: 'live', lastActivity: (now - 1_000) as never };
}

/** Fleet mode: recorder r<k % 10> holds camera k by a live lease, except every hundredth camera (held by none). */
async function lease(db: Db, owner: string): Promise<void> {
  const leases = new LeasesRepository(db);
  for (let r = 0; r < RECORDERS; r++)
    await leases.register({ id: `r${r}`, publicUrl: `https://r${r}.bench.example`, capacity: CAMERAS });
  await leases.sync();
  const k = sql`split_part(camera_uidd, ${`${owner}.dev`}, 2)::int`;
  await sql`UPDATE camera_leases SET recorder_id = 'r' || (${k} % ${sql.lit(RECORDERS)}),
    expires_at = (extract(epoch from clock_timestamp()) * 1000)::bigint + 3600000
    WHERE ${k} % 100 <> 99`.execute(db);
  await sql`ANALYZE camera_leases`.execute(db);
}

// ---- The old way (decision 0721, before 0747): every camera read, classified and sorted on every poll ----

function oldHealth(
  c: { uidd: Uidd; name: string },
  r: CameraStatusReport | undefined,
  now: number,
): HealthCamera {
  const lastActivity = r?.lastActivity ?? null;
  const online = r?.state === 'live' || r?.state === 'online';
  const state = !online
    ? 'offline'
    : lastActivity !== null && now - lastActivity > HEALTH_BEHIND_MS
      ? 'behind'
      : 'recording';
  return {
    uidd: c.uidd,
    name: c.name,
    state,
    reason: state === 'offline' ? (r?.problem ?? r?.state ?? null) : null,
    lastActivity,
  };
}
const ORDER = { offline: 0, behind: 1, recording: 2 } as const;
function oldRecorder(id: string, cameras: HealthCamera[]) {
  const counts = { recording: 0, offline: 0, behind: 0 };
  for (const c of cameras) counts[c.state] += 1;
  // The old screen listed 100 a recorder, problems first.
  const listed = [...cameras].sort((a, b) => ORDER[a.state] - ORDER[b.state]).slice(0, 100);
  return { id, publicUrl: null, alive: true, heartbeatAgeMs: null, draining: false, counts, cameras: listed };
}
async function oldRead(cameras: CamerasModule, leases: LeasesRepository | undefined, now: number) {
  const all = (await cameras.directory.installed()).map((c) => ({ uidd: c.uidd, name: c.name }));
  const statuses = await cameras.status.statuses(all.map((c) => c.uidd));
  const health = (c: { uidd: Uidd; name: string }) => oldHealth(c, statuses.get(c.uidd), now);
  if (!leases) return { recorders: [oldRecorder('this server', all.map(health))], unassigned: [] };
  const holders = await leases.holders(all.map((c) => c.uidd));
  const recorders = (await leases.registered()).map((r) =>
    oldRecorder(r.id, all.filter((c) => holders.get(c.uidd) === r.id).map(health)),
  );
  return { recorders, unassigned: all.filter((c) => !holders.has(c.uidd)).map(health) };
}

// ---- The run ----

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The accounts, the cameras (leased in a fleet), each recorder's reports, and the app signed in as support. */
async function setUp(mode: Mode, handle: Awaited<ReturnType<typeof createTestDb>>) {
  await migrateToLatest(handle.db);
  const password = 'bench support password';
  const users = new UsersRepository(handle.db);
  const row = (uid: string, type: 'u' | 's', email: string, hash: string | null) =>
    newUserRow({
      uid,
      email,
      password_hash: hash,
      account_type: type,
      region: 'local',
      created_at: Date.now(),
      email_verified_at: Date.now(),
    });
  await users.createAccount(
    row('support', 's', 'support@bench.example', await hashPassword(password)),
    undefined,
    [],
  );
  await users.createAccount(row('owner', 'u', 'owner@bench.example', null), undefined, []);
  const t0 = performance.now();
  const uidds = await fill(handle.db, 'owner');
  if (mode === 'fleet') await lease(handle.db, 'owner');
  console.log(
    `${mode}: ${CAMERAS.toLocaleString()} cameras written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const now = Date.now();
  const env = mode === 'fleet' ? { ROLE: 'server', DATABASE_URL: 'postgres://bench/unused' } : {};
  const config = loadConfig({
    DATA_DIR: '/tmp/vigil-bench-health',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    SUPPORT_PASSWORD: 'unused-support',
    ...env,
  } as Record<string, string>);
  // The recorders stay alive through the runs (their heartbeats an hour ahead: nothing beats here).
  if (mode === 'fleet')
    await sql`UPDATE recorders SET heartbeat_at = (extract(epoch from clock_timestamp()) * 1000)::bigint + 3600000`.execute(
      handle.db,
    );
  const statusProvider = reporters(mode, uidds, now, handle.db);
  const app = await buildApp({ config, database: handle, logger: false, cameras: { statusProvider } });
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { email: 'support@bench.example', password },
  });
  return { app, token: login.json().authToken as string, now };
}

/**
 * Each recorder's own reports: one board in one process, one per recorder in a fleet (asked in process here, as
 * NATS would carry the same question and answer).
 */
function reporters(mode: Mode, uidds: Uidd[], now: number, db: Db) {
  const boards = new Map<string, InMemoryCameraStatus>();
  const boardOf = (id: string) => boards.get(id) ?? boards.set(id, new InMemoryCameraStatus()).get(id)!;
  for (const [k, uidd] of uidds.entries()) {
    if (mode === 'fleet' && k % 100 === 99) continue; // held by none: no recorder reports it
    boardOf(mode === 'all' ? 'this server' : `r${k % RECORDERS}`).report(uidd, reportOf(k, now));
  }
  if (mode === 'all') return boardOf('this server');
  return new RoutedCameraStatus({
    transport: {
      statuses: (id, us) => boardOf(id).statuses(us),
      tally: (id, q) => boardOf(id).tally(q),
    },
    recordersOf: leaseHoldersOf(db),
    log: { warn: () => {} },
  });
}

/** The endpoint as the screen calls it: median of `RUNS` after three to warm up, and the answer's size. */
async function measureNow(mode: Mode, app: Awaited<ReturnType<typeof buildApp>>, token: string) {
  const times: number[] = [];
  let bytes = 0;
  let answer: { recorders: HealthRecorder[]; unassignedCount: number } | undefined;
  for (let i = 0; i < RUNS + 3; i++) {
    const s = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: '/support/health',
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - s;
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    if (i >= 3) times.push(ms); // the first three warm the caches and the JIT
    bytes = res.rawPayload.length;
    answer = res.json();
  }
  const sum = (k: 'recording' | 'offline' | 'behind') =>
    answer!.recorders.reduce((n, r) => n + r.counts[k], 0);
  console.log(
    `${mode}: now: median ${median(times).toFixed(1)} ms, ${bytes.toLocaleString()} bytes (${sum('recording')} recording, ${sum('behind')} behind, ${sum('offline')} offline, ${answer!.unassignedCount} held by none; ${HEALTH_CAMERAS_LISTED} problem cameras a page)`,
  );
  return { medianMs: median(times), bytes };
}

/** The old way, service only (no HTTP, so the ratio is conservative): up to 10 runs after one to warm up. */
async function measureOld(cameras: CamerasModule, leases: LeasesRepository | undefined, now: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < Math.min(RUNS, 10) + 1; i++) {
    const s = performance.now();
    try {
      bytes = JSON.stringify(await oldRead(cameras, leases, now)).length;
    } catch (err) {
      return { error: String(err).slice(0, 200) };
    }
    if (i >= 1) times.push(performance.now() - s);
  }
  return { medianMs: median(times), bytes };
}

async function run(mode: Mode) {
  const handle = await createTestDb('postgres');
  try {
    const { app, token, now } = await setUp(mode, handle);
    const fresh = await measureNow(mode, app, token);
    const leases = mode === 'fleet' ? new LeasesRepository(handle.db) : undefined;
    const old = await measureOld(app.services.cameras as CamerasModule, leases, now);
    await app.close();
    const ratio = old.medianMs === undefined ? null : +(old.medianMs / fresh.medianMs).toFixed(1);
    console.log(
      old.error
        ? `${mode}: the old way fails: ${old.error}`
        : `${mode}: old way (service only, no HTTP): median ${old.medianMs?.toFixed(1)} ms, ${old.bytes?.toLocaleString()} bytes: ${ratio}× the time`,
    );
    return {
      mode,
      cameras: CAMERAS,
      runs: RUNS,
      medianMs: +fresh.medianMs.toFixed(1),
      bytes: fresh.bytes,
      oldMedianMs: old.medianMs === undefined ? null : +old.medianMs.toFixed(1),
      oldBytes: old.bytes ?? null,
      oldError: old.error ?? null,
      ratio,
    };
  } finally {
    await handle.destroy();
  }
}

const results = [];
for (const mode of values.mode.split(',') as Mode[]) results.push(await run(mode));
console.log(JSON.stringify({ bench: 'health', results }));
