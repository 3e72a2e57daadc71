import type { Db } from '@vigil/db';
import { sql } from 'kysely';

/** A recorder ("logger host") of the deployment and the origin browsers reach it at. */
export interface RecorderHost {
  id: string;
  publicUrl: string;
}

/**
 * The `recorders` table (registered and heart-beaten by the lease manager, migration 0600_fleet), read only here.
 * Read with raw SQL because that table belongs to another area's migration: in the embedded default it may not
 * exist at all, and then there is no other recorder (an empty list, never an error).
 */
export class RecordersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async list(): Promise<RecorderHost[]> {
    try {
      const { rows } = await sql<{
        id: string;
        public_url: string;
      }>`select id, public_url from recorders`.execute(this.#db);
      return rows.map((r) => ({ id: r.id, publicUrl: r.public_url }));
    } catch (err) {
      if (/recorders/i.test(String(err)) && /exist|no such table/i.test(String(err))) return [];
      throw err;
    }
  }
}
