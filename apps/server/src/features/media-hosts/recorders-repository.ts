import type { Db } from '@vigil/db';
import { sql } from 'kysely';

/** A recorder ("logger host") of the deployment and the origin browsers reach it at. */
export interface RecorderHost {
  id: string;
  publicUrl: string;
  /** Its heartbeat is within the lease time (by the database's clock): it serves its files (decision 0615). */
  alive: boolean;
}

/**
 * The `recorders` table (registered and heart-beaten by the lease manager, migration 0600_fleet), read only here.
 * Read with raw SQL because that table belongs to another area's migration: in the embedded default it may not
 * exist at all, and then there is no other recorder (an empty list, never an error).
 */
export class RecordersRepository {
  readonly #db: Db;
  readonly #ttlMs: number;
  constructor(db: Db, ttlMs: number) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  async list(): Promise<RecorderHost[]> {
    try {
      const { rows } = await sql<{
        id: string;
        public_url: string;
        heartbeat_at: number | string;
      }>`select id, public_url, heartbeat_at from recorders`.execute(this.#db);
      if (rows.length === 0) return [];
      // A fleet runs on PostgreSQL (its roles refuse SQLite): its clock, as the lease manager's; else this one's.
      const now = await sql<{
        now: number | string;
      }>`select (extract(epoch from clock_timestamp()) * 1000)::bigint as now`
        .execute(this.#db)
        .catch(() => undefined);
      const nowMs = Number(now?.rows[0]?.now ?? Date.now());
      return rows.map((r) => ({
        id: r.id,
        publicUrl: r.public_url,
        alive: Number(r.heartbeat_at) > nowMs - this.#ttlMs,
      }));
    } catch (err) {
      if (/recorders/i.test(String(err)) && /exist|no such table/i.test(String(err))) return [];
      throw err;
    }
  }
}
