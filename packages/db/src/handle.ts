import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/** What a real query finds: the database answers, another connection holds it locked, or it cannot be used. */
export type DatabaseState = 'up' | 'busy' | 'down';

export interface DbHandle {
  db: Db;
  kind: DatabaseKind;
  /** Asks the database now (no cached flag): PostgreSQL runs a query, SQLite takes and releases the write lock. */
  probe(): Promise<DatabaseState>;
  destroy(): Promise<void>;
}
