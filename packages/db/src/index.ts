import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import pg from 'pg';
import { DatabaseUnavailableError, databaseFault } from './faults.ts';
import type { DatabaseState, Db, DbHandle } from './handle.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export * from './faults.ts';
export type * from './handle.ts';
export * from './outage-queue.ts';
export type * from './schema.ts';
export * from './startup.ts';
/**
 * How long SQLite waits for another connection's write lock before SQLITE_BUSY (then a 503 database_busy).
 * better-sqlite3 waits synchronously, holding the whole event loop, so the wait is short (decision 0015).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 1000;
/** How long a PostgreSQL query waits for a connection before it fails (then a 503 database_unavailable). */
export const PG_CONNECT_TIMEOUT_MS = 5000;

export interface DbOptions {
  /** PostgreSQL connection string; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  poolSize?: number;
  /** Defaults to PG_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
}

// PostgreSQL returns bigint (int8) as strings to protect precision; our bigints are epoch ms and counts,
// which fit in a double, so read them as numbers on both dialects.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDb(opts: DbOptions): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // Without it a query waits forever for a connection to a server that does not answer.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
    });
    // A connection that drops (server restart, pg_terminate_backend, network) emits 'error': on the pool for an
    // idle client, on the client itself while a query holds it between statements. Unheard, either crashes the
    // process (decision 0015). The query that held it fails with the error and the pool discards the client; the
    // next query connects afresh, so listening is all there is to do.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      probe: () => probe(async () => void (await sql`select 1`.execute(db))),
      destroy: () => db.destroy(),
    };
  }
  const path = opts.sqlitePath;
  const onDisk = path !== ':memory:' && path !== '';
  if (onDisk) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // A file deleted or replaced under an open connection keeps answering from the unlinked inode: every write
  // would vanish at the next start. Each statement first checks that the path is still the file we opened.
  const opened = onDisk ? statSync(path).ino : undefined;
  const assertFile = (): void => {
    if (opened === undefined) return;
    if (statSync(path, { throwIfNoEntry: false })?.ino !== opened)
      throw new DatabaseUnavailableError('unavailable', `The database file ${path} was deleted or replaced`);
  };
  const database = {
    close: () => sqlite.close(),
    prepare: (statement: string) => {
      assertFile();
      return sqlite.prepare(statement);
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return {
    db,
    kind: 'sqlite',
    // Reads go on in WAL mode while another connection writes: only taking the write lock shows it is held.
    probe: () =>
      probe(async () => {
        assertFile();
        // A transaction of ours is open (between two awaited statements): the file answers, and BEGIN would throw.
        if (sqlite.inTransaction) return void sqlite.prepare('select 1').get();
        sqlite.exec('BEGIN IMMEDIATE');
        sqlite.exec('ROLLBACK');
      }),
    destroy: () => db.destroy(),
  };
}

/** A probe that gets no answer in this time finds the database down (a server gone silent: no reset, no reply). */
const PROBE_TIMEOUT_MS = 3000;

async function probe(ask: () => Promise<void>): Promise<DatabaseState> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError('unavailable', 'no answer')),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([ask(), silent]);
    return 'up';
  } catch (err) {
    return databaseFault(err) === 'busy' ? 'busy' : 'down';
  } finally {
    clearTimeout(timer);
  }
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
