/**
 * Assignment and failover of the lease managers (decision 0600), measured the way lease-manager.test.ts builds
 * them: in-process `LeaseManager`s over one PostgreSQL database, each on a pool of its own (as separate recorder
 * processes would be), with a holder that records nothing. What is timed is the coordination alone: how long the
 * leases take to cover every camera and even out, and how long a dead manager's cameras take to be held by others.
 */
import { type DbHandle, openDb } from '@vigil/db';
import { sql } from 'kysely';
import pino from 'pino';
import { CamerasRepository } from '../../../apps/server/src/features/cameras/cameras-repository.ts';
import { LeaseManager } from '../../../apps/server/src/features/fleet/lease-manager.ts';
import { LeasesRepository } from '../../../apps/server/src/features/fleet/leases-repository.ts';
import type { FleetDb } from './fleet-db.ts';
import { sleep } from './proc.ts';

export interface LeaseFigures {
  cameras: number;
  managers: number;
  ttlMs: number;
  capacity: number;
  /** From the managers' start until every camera has a live lease. */
  allLeasedMs: number;
  /** Live leases per manager at that moment. */
  splitAtAllLeased: Record<string, number>;
  /** Between one manager's start and the next's. */
  staggerMs: number;
  /** Until every camera is leased and no manager holds more than ⌈n/m⌉; undefined: not within ten lease times. */
  balancedMs: number | undefined;
  splitBalanced: Record<string, number>;
  /** Measured when asked (after the split settled for a lease time). */
  failover?: {
    /** Cameras the stopped manager held. */
    moved: number;
    /** From halt() until every one of them has a live lease of another manager. */
    fromHaltMs: number;
    /** From its last renewal (database clock) until the last of them was taken. */
    fromLastRenewalMs: number;
    split: Record<string, number>;
  };
}

/** The database's clock, as the lease rows hold it (epoch ms). */
const dbNow = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** Live leases per recorder (expired ones, offers included, are not counted); `free`: cameras without one. */
async function liveSplit(h: DbHandle): Promise<Record<string, number>> {
  const rows = await h.db
    .selectFrom('camera_leases')
    .select((eb) => [
      sql<string>`case when recorder_id is not null and expires_at > ${dbNow} then recorder_id else 'free' end`.as(
        'who',
      ),
      eb.fn.countAll<number>().as('n'),
    ])
    .groupBy('who')
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.who, Number(r.n)] as const).sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Cameras with a live lease (before the first sync there are no rows at all). */
const leased = (s: Record<string, number>): number =>
  Object.entries(s).reduce((n, [who, k]) => (who === 'free' ? n : n + k), 0);

async function until<T>(what: string, f: () => Promise<T | undefined>, ms: number, every = 25): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`fleet bench: timed out waiting for ${what}`);
    await sleep(every);
  }
}

export interface LeaseOptions {
  cameras: number;
  managers: number;
  ttlMs: number;
  capacity: number;
  staggerMs: number;
  failover: boolean;
}

export async function measureLeases(fleet: FleetDb, o: LeaseOptions): Promise<LeaseFigures> {
  await fleet.addCameras(o.cameras, (i) => `rtsp://198.51.100.${1 + (i % 250)}:554/c${i}`);
  const handles: DbHandle[] = [];
  const managers = Array.from({ length: o.managers }, (_, i) => {
    const h = openDb({ sqlitePath: '', databaseUrl: fleet.url, poolSize: 3 });
    handles.push(h);
    return manager(h, `rec-${String.fromCharCode(97 + i)}`, o);
  });
  try {
    const { failover: withFailover, ...shape } = o;
    const figures = { ...shape, ...(await measureAssignment(fleet.db, managers, o)) };
    if (!withFailover) return figures;
    // Settled for a whole lease time: the offers of the balancing are taken and renewed.
    await sleep(o.ttlMs);
    return { ...figures, failover: await measureFailover(fleet.db, managers, o.ttlMs) };
  } finally {
    for (const m of managers) m.halt();
    await Promise.all(handles.map((h) => h.destroy()));
  }
}

/** A lease manager as a recorder process builds it, with a holder that records nothing. */
function manager(h: DbHandle, id: string, o: LeaseOptions): LeaseManager {
  const loggers = new CamerasRepository(h.db);
  return new LeaseManager({
    repo: new LeasesRepository(h.db),
    id,
    publicUrl: `http://${id}.bench.example:8080`,
    capacity: o.capacity,
    ttlMs: o.ttlMs,
    holder: { hold: async () => {}, drop: async () => {} },
    assignLogger: (uidds, url) => loggers.setLogger(uidds, url, Date.now()),
    log: pino({ level: 'silent' }),
  });
}

/** Starts the managers; times every camera leased, then the split balanced. */
async function measureAssignment(
  watch: DbHandle,
  managers: LeaseManager[],
  o: LeaseOptions,
): Promise<Omit<LeaseFigures, keyof LeaseOptions | 'failover'>> {
  const share = Math.min(o.capacity, Math.ceil(o.cameras / o.managers));
  const t0 = Date.now();
  // Started together, or one after another (a fleet booting host by host: the first takes up to its capacity,
  // then offers cameras as the others register).
  const starting = Promise.all(managers.map((m, i) => sleep(i * o.staggerMs).then(() => m.start())));
  const splitAtAllLeased = await until(
    'every camera leased',
    async () => {
      const s = await liveSplit(watch);
      return leased(s) === o.cameras ? s : undefined;
    },
    10 * o.ttlMs,
  );
  const allLeasedMs = Date.now() - t0;
  // Balanced as the managers balance: nobody above the fair share ⌈n/m⌉ (so one may hold a little less).
  const balanced = (s: Record<string, number>) =>
    leased(s) === o.cameras && managers.every((m) => (s[m.id] ?? 0) <= share);
  let balancedMs: number | undefined;
  let splitBalanced: Record<string, number>;
  try {
    splitBalanced = await until(
      'a balanced split',
      async () => {
        const s = await liveSplit(watch);
        return balanced(s) ? s : undefined;
      },
      10 * o.ttlMs,
    );
    balancedMs = Date.now() - t0;
  } catch {
    splitBalanced = await liveSplit(watch);
  }
  await starting;
  return { allLeasedMs, splitAtAllLeased, balancedMs, splitBalanced };
}

/** Halts the last manager (a crash: no release) and waits until its cameras have live leases of the others. */
async function measureFailover(
  watch: DbHandle,
  managers: LeaseManager[],
  ttlMs: number,
): Promise<NonNullable<LeaseFigures['failover']>> {
  const dead = managers.at(-1) as LeaseManager;
  const held = await watch.db
    .selectFrom('camera_leases')
    .select('camera_uidd')
    .where('recorder_id', '=', dead.id)
    .execute();
  const uidds = held.map((r) => r.camera_uidd);
  const halted = Date.now();
  dead.halt();
  // Its last renewal may still be in flight: the latest expiry seen while its rows last is that renewal's.
  let lastExpiry = 0;
  await until(
    'the others to hold the dead manager’s cameras',
    async () => {
      const rows = await watch.db
        .selectFrom('camera_leases')
        .select(['recorder_id', 'expires_at'])
        .select(sql<number>`${dbNow}`.as('now'))
        .where('camera_uidd', 'in', uidds)
        .execute();
      for (const r of rows)
        if (r.recorder_id === dead.id) lastExpiry = Math.max(lastExpiry, Number(r.expires_at));
      const moved = rows.every(
        (r) => r.recorder_id !== null && r.recorder_id !== dead.id && Number(r.expires_at) > Number(r.now),
      );
      return moved ? true : undefined;
    },
    6 * ttlMs,
  );
  const fromHaltMs = Date.now() - halted;
  const taken = await watch.db
    .selectFrom('camera_leases')
    .select((eb) => eb.fn.max('acquired_at').as('last'))
    .where('camera_uidd', 'in', uidds)
    .executeTakeFirstOrThrow();
  const split = await liveSplit(watch);
  return {
    moved: uidds.length,
    fromHaltMs,
    fromLastRenewalMs: Number(taken.last) - (lastExpiry - ttlMs),
    split,
  };
}
