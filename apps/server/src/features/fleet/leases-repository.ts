import type { Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { sql } from 'kysely';

/**
 * The fleet's clock is the database's: recorders on several hosts compare lease expiries and heartbeats against
 * one clock, not each against its own (decision 0600). Epoch ms.
 */
const dbNow = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
/**
 * The database's time once for the whole statement (the transaction's start): for reads over every lease (the health
 * screen), where `clock_timestamp()`, volatile, would be called for each row and keep the planner from joining on it.
 */
const dbNowOnce = sql<number>`(extract(epoch from now()) * 1000)::bigint`;

export interface LeaseOwner {
  uidd: Uidd;
  recorderId: string | null;
  expiresAt: number;
  acquiredAt: number;
}

/** A lease just taken, and the recorder that held it before (null: it was free). */
export interface Claimed {
  uidd: Uidd;
  previous: string | null;
}

export interface RecorderRow {
  id: string;
  publicUrl: string;
  capacity: number;
  heartbeatAt: number;
  draining: boolean;
  /** Cameras it holds by a live lease. */
  cameras: number;
}

/**
 * SQL of the recorder fleet: the `recorders` and `camera_leases` tables (PostgreSQL only: the roles that use it
 * refuse SQLite). Reads `cameras` in subqueries only, for which cameras are installed (scripts/check-table-owners).
 */
export class LeasesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Upserts the recorder: a restart with the same id is the same recorder, no longer draining. */
  async register(r: { id: string; publicUrl: string; capacity: number }): Promise<void> {
    await this.#db
      .insertInto('recorders')
      .values({
        id: r.id,
        public_url: r.publicUrl,
        capacity: r.capacity,
        heartbeat_at: dbNow,
        draining: 0,
        started_at: dbNow,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          public_url: r.publicUrl,
          capacity: r.capacity,
          heartbeat_at: dbNow,
          draining: 0,
          started_at: dbNow,
        }),
      )
      .execute();
  }

  /** The heartbeat; answers whether the recorder is to drain (an operator may set the flag), undefined if gone. */
  async heartbeat(id: string): Promise<{ draining: boolean } | undefined> {
    const row = await this.#db
      .updateTable('recorders')
      .set({ heartbeat_at: dbNow })
      .where('id', '=', id)
      .returning('draining')
      .executeTakeFirst();
    return row && { draining: Number(row.draining) === 1 };
  }

  async setDraining(id: string): Promise<void> {
    await this.#db.updateTable('recorders').set({ draining: 1 }).where('id', '=', id).execute();
  }

  /**
   * Removes the recorders whose last heartbeat is older than `deadForMs` (long dead: decision 0612) and frees the
   * leases still in their names, in one transaction; answers their ids.
   */
  async removeDead(deadForMs: number): Promise<string[]> {
    return this.#db.transaction().execute(async (tx) => {
      const gone = await tx
        .deleteFrom('recorders')
        .where('heartbeat_at', '<', sql<number>`${dbNow} - ${deadForMs}`)
        .returning('id')
        .execute();
      const ids = gone.map((r) => r.id);
      if (ids.length > 0)
        await tx
          .updateTable('camera_leases')
          .set({ recorder_id: null, expires_at: 0 })
          .where('recorder_id', 'in', ids)
          .execute();
      return ids;
    });
  }

  /** A drained recorder leaves the fleet. */
  async remove(id: string): Promise<void> {
    await this.#db.deleteFrom('recorders').where('id', '=', id).execute();
  }

  /**
   * Recorders that heartbeat within the lease time and are not draining: the ones cameras are shared among
   * (`withDraining`: the draining ones too, every recorder alive).
   */
  async liveRecorders(ttlMs: number, withDraining = false): Promise<number> {
    const r = await this.#db
      .selectFrom('recorders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('heartbeat_at', '>', sql<number>`${dbNow} - ${ttlMs}`)
      .$if(!withDraining, (q) => q.where('draining', '=', 0))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * One lease row per installed camera: rows for new cameras (free), none for uninstalled or deleted ones. Answers
   * how many cameras there are to record.
   */
  async sync(): Promise<number> {
    const installed = this.#db.selectFrom('cameras').select('uidd').where('uninstalled', '=', 0);
    await this.#db
      .insertInto('camera_leases')
      .columns(['camera_uidd', 'recorder_id', 'expires_at', 'acquired_at'])
      .expression(
        this.#db
          .selectFrom('cameras')
          .select(['uidd', sql<null>`null`.as('recorder_id'), sql<number>`0`.as('e'), sql<number>`0`.as('a')])
          .where('uninstalled', '=', 0),
      )
      .onConflict((oc) => oc.column('camera_uidd').doNothing())
      .execute();
    await this.#db.deleteFrom('camera_leases').where('camera_uidd', 'not in', installed).execute();
    const r = await this.#db
      .selectFrom('camera_leases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** In how many ms the first lease held by another recorder expires (undefined: none held). */
  async nextForeignExpiry(id: string): Promise<number | undefined> {
    const r = await this.#db
      .selectFrom('camera_leases')
      .select(sql<number | null>`min(expires_at) - ${dbNow}`.as('ms'))
      .where('recorder_id', 'is not', null)
      .where('recorder_id', '!=', id)
      .where('expires_at', '>', dbNow)
      .executeTakeFirst();
    return r?.ms === null || r?.ms === undefined ? undefined : Number(r.ms);
  }

  /** The cameras whose lease names this recorder, expired or not (what a restart of it finds). */
  async heldBy(id: string): Promise<Uidd[]> {
    const rows = await this.#db
      .selectFrom('camera_leases')
      .select('camera_uidd')
      .where('recorder_id', '=', id)
      .orderBy('camera_uidd')
      .execute();
    return rows.map((r) => r.camera_uidd as Uidd);
  }

  /** Extends the recorder's leases of these cameras; answers the ones it still holds. */
  async renew(id: string, uidds: readonly Uidd[], ttlMs: number): Promise<Uidd[]> {
    if (uidds.length === 0) return [];
    const rows = await this.#db
      .updateTable('camera_leases')
      .set({ expires_at: sql<number>`${dbNow} + ${ttlMs}` })
      .where('recorder_id', '=', id)
      .where('camera_uidd', 'in', [...uidds])
      .returning('camera_uidd')
      .execute();
    return rows.map((r) => r.camera_uidd as Uidd);
  }

  /**
   * Takes up to `n` cameras whose lease is free or expired (another recorder's expired lease included), the
   * longest-expired first, and answers each with the recorder that held it before (null: free). The queue-claim
   * pattern of PostgreSQL: rows another recorder is taking at this moment are locked, and SKIP LOCKED passes over
   * them instead of waiting, so recorders claiming at once take disjoint sets.
   */
  async claim(id: string, n: number, ttlMs: number): Promise<Claimed[]> {
    if (n <= 0) return [];
    const picked = this.#db
      .selectFrom('camera_leases')
      .select(['camera_uidd as uidd', 'recorder_id as previous'])
      .where((w) =>
        w.or([
          w('recorder_id', 'is', null),
          w.and([w('expires_at', '<', dbNow), w('recorder_id', '!=', id)]),
        ]),
      )
      .orderBy('expires_at')
      .orderBy('camera_uidd')
      .limit(n)
      .forUpdate()
      .skipLocked()
      .as('p');
    const rows = await this.#db
      .updateTable('camera_leases')
      .from(picked)
      .set({ recorder_id: id, expires_at: sql<number>`${dbNow} + ${ttlMs}`, acquired_at: dbNow })
      .whereRef('camera_leases.camera_uidd', '=', 'p.uidd')
      .returning(['p.uidd', 'p.previous'])
      .execute();
    return rows
      .map((r) => ({ uidd: r.uidd as Uidd, previous: r.previous }))
      .sort((a, b) => a.uidd.localeCompare(b.uidd));
  }

  /** Which of these recorders heartbeat within the lease time (draining or not): the others are dead. */
  async alive(ids: readonly string[], ttlMs: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('recorders')
      .select('id')
      .where('id', 'in', [...ids])
      .where('heartbeat_at', '>', sql<number>`${dbNow} - ${ttlMs}`)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Where each camera's indexed footage ends (epoch ms; a camera without footage is absent). */
  async lastFootage(uidds: readonly Uidd[]): Promise<Map<Uidd, number>> {
    const ends = new Map<Uidd, number>();
    for (const uidd of uidds) {
      // The newest segment by start, on the (camera, start) index, rather than max(end) over all of them.
      const row = await this.#db
        .selectFrom('segments')
        .select('end_ms')
        .where('camera_uidd', '=', uidd)
        .orderBy('start_ms', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) ends.set(uidd, Number(row.end_ms));
    }
    return ends;
  }

  /**
   * Offers these leases to the others while still recording them: they expire now, so another recorder's next
   * claim takes them (a hand-over without a gap: the old recorder stops once it sees the new one's segments).
   */
  async offer(id: string, uidds: readonly Uidd[]): Promise<void> {
    if (uidds.length === 0) return;
    await this.#db
      .updateTable('camera_leases')
      .set({ expires_at: dbNow })
      .where('recorder_id', '=', id)
      .where('camera_uidd', 'in', [...uidds])
      .execute();
  }

  /** Frees leases at once (the last recorder stopping: nobody to hand over to). */
  async release(id: string, uidds: readonly Uidd[]): Promise<void> {
    if (uidds.length === 0) return;
    await this.#db
      .updateTable('camera_leases')
      .set({ recorder_id: null, expires_at: 0 })
      .where('recorder_id', '=', id)
      .where('camera_uidd', 'in', [...uidds])
      .execute();
  }

  /** Who holds these cameras now (a camera without a row is no longer installed). */
  async owners(uidds: readonly Uidd[]): Promise<LeaseOwner[]> {
    if (uidds.length === 0) return [];
    const rows = await this.#db
      .selectFrom('camera_leases')
      .selectAll()
      .where('camera_uidd', 'in', [...uidds])
      .execute();
    return rows.map((r) => ({
      uidd: r.camera_uidd as Uidd,
      recorderId: r.recorder_id,
      expiresAt: Number(r.expires_at),
      acquiredAt: Number(r.acquired_at),
    }));
  }

  /** Segment ids of a camera that start at or after `fromMs`, oldest first (who recorded after a hand-over). */
  async segmentsSince(uidd: Uidd, fromMs: number): Promise<{ id: string; startMs: number }[]> {
    const rows = await this.#db
      .selectFrom('segments')
      .select(['id', 'start_ms'])
      .where('camera_uidd', '=', uidd)
      .where('start_ms', '>=', fromMs)
      .orderBy('start_ms')
      .limit(500)
      .execute();
    return rows.map((r) => ({ id: r.id, startMs: Number(r.start_ms) }));
  }

  /** The recorder that holds a live lease of the camera, if any. */
  async recorderOf(uidd: string): Promise<RecorderRow | undefined> {
    const row = await this.#recorders()
      .innerJoin('camera_leases as l', 'l.recorder_id', 'r.id')
      .where('l.camera_uidd', '=', uidd)
      .where('l.expires_at', '>', dbNow)
      .executeTakeFirst();
    return row && toRecorder(row);
  }

  /** The holders of live leases of these cameras (a camera none holds is absent). */
  async holders(uidds: readonly Uidd[]): Promise<Map<Uidd, string>> {
    if (uidds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('camera_leases')
      .select(['camera_uidd', 'recorder_id'])
      .where('camera_uidd', 'in', [...uidds])
      .where('recorder_id', 'is not', null)
      .where('expires_at', '>', dbNow)
      .execute();
    return new Map(rows.map((r) => [r.camera_uidd as Uidd, r.recorder_id as string]));
  }

  /**
   * Installed cameras no live lease holds (the health screen, decision 0747): how many, and one page of them by
   * uidd. Read from the leases alone, which every recorder's sync keeps one a camera (a camera installed since the
   * last sync shows from the next): joining the cameras took a quarter of a second at 100,000.
   */
  async unheld(offset: number, limit: number): Promise<{ total: number; uidds: Uidd[] }> {
    const unheld = unheldLeases(this.#db);
    const [count, page] = await Promise.all([
      unheld.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      unheld.select('camera_uidd').orderBy('camera_uidd').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count.n), uidds: page.map((r) => r.camera_uidd as Uidd) };
  }

  /** Live recorders with their camera counts, the least loaded (by share of capacity) first. */
  async fleet(ttlMs: number): Promise<RecorderRow[]> {
    const rows = await this.#recorders()
      .where('r.heartbeat_at', '>', sql<number>`${dbNow} - ${ttlMs}`)
      .orderBy('r.id')
      .execute();
    return rows.map(toRecorder).sort((a, b) => a.cameras / a.capacity - b.cameras / b.capacity);
  }

  /** Every registered recorder, silent ones too (until removed), with the ms since its heartbeat: the health screen. */
  async registered(): Promise<(RecorderRow & { heartbeatAgeMs: number })[]> {
    // One grouped pass over the leases for every recorder's count (decision 0747): a count per recorder, each
    // re-reading the leases, took a second at 100,000 cameras.
    const held = this.#db
      .selectFrom('camera_leases')
      .select(['recorder_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('recorder_id', 'is not', null)
      .where('expires_at', '>', dbNowOnce)
      .groupBy('recorder_id');
    const rows = await this.#db
      .selectFrom('recorders as r')
      .leftJoin(held.as('h'), 'h.recorder_id', 'r.id')
      .select([
        'r.id',
        'r.public_url',
        'r.capacity',
        'r.heartbeat_at',
        'r.draining',
        'h.n as cameras',
        sql<number>`${dbNow} - r.heartbeat_at`.as('age_ms'),
      ])
      .orderBy('r.id')
      .execute();
    return rows.map((r) => ({ ...toRecorder(r), heartbeatAgeMs: Math.max(0, Number(r.age_ms)) }));
  }

  #recorders() {
    return this.#db.selectFrom('recorders as r').select((eb) => [
      'r.id',
      'r.public_url',
      'r.capacity',
      'r.heartbeat_at',
      'r.draining',
      eb
        .selectFrom('camera_leases as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('c.recorder_id', '=', 'r.id')
        .where('c.expires_at', '>', dbNow)
        .as('cameras'),
    ]);
  }
}

/**
 * The leases no recorder holds: free, or expired by the database's clock. Two index lookups OR-ed together
 * (camera_leases_recorder for the NULLs, camera_leases_expiry for the expired, decision 0855), not a read of every
 * lease: the health screen asks it on every poll. Exported for the test that EXPLAINs it.
 */
export const unheldLeases = (db: Db) =>
  db
    .selectFrom('camera_leases')
    .where((eb) => eb.or([eb('recorder_id', 'is', null), eb('expires_at', '<=', dbNowOnce)]));

function toRecorder(r: {
  id: string;
  public_url: string;
  capacity: number;
  heartbeat_at: number;
  draining: number;
  cameras: number | null;
}): RecorderRow {
  return {
    id: r.id,
    publicUrl: r.public_url,
    capacity: Number(r.capacity),
    heartbeatAt: Number(r.heartbeat_at),
    draining: Number(r.draining) === 1,
    cameras: Number(r.cameras ?? 0),
  };
}
