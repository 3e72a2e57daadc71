import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type * from './schema.ts';
export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: DatabaseKind;
  destroy(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  poolSize?: number;
}

// PostgreSQL returns bigint (int8) as strings to protect precision; our bigints are epoch ms and counts,
// which fit in a double, so read them as numbers on both dialects.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDb(opts: DbOptions): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client whose connection drops (server restart, admin termination, a test database dropped while
    // the pool ends) emits 'error' on the pool; unheard, that crashes the process. The pool discards the client
    // and connects afresh on the next query, so there is nothing else to do.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', destroy: () => db.destroy() };
  }
  if (opts.sqlitePath !== ':memory:') mkdirSync(dirname(opts.sqlitePath), { recursive: true });
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: 'sqlite', destroy: () => db.destroy() };
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  // Areas are developed in parallel with numbered ranges (decisions/README.md) and touch disjoint tables, so a
  // lower-numbered migration may land after a higher one has run somewhere; it is then run, not refused.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `migration ${failed} failed: ${result.error instanceof Error ? result.error.message : JSON.stringify(result.error)}`,
      { cause: result.error },
    );
  }
  return result;
}

/** SQLite stores booleans as 0/1; one helper each way keeps repositories honest. */
export const toBool = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
export const fromBool = (v: boolean): number => (v ? 1 : 0);
