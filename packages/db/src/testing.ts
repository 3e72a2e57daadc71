import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseKind, type DbHandle, migrateToLatest, openDb } from './index.ts';

/** PostgreSQL server for tests; CI and these machines have one at 127.0.0.1:5432 with trust auth. */
export const TEST_PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEST_DB_KINDS: DatabaseKind[] = ['sqlite', 'postgres'];

export interface TestDb extends DbHandle {
  /** Connection string for another process to open the same database (PostgreSQL only). */
  url: string | undefined;
}

/**
 * A fresh database of the given kind, migrated unless told not to (a migration's own test): an in-memory SQLite
 * (or a file, for a test that needs a second connection to it), or a new PostgreSQL database.
 */
export async function createTestDb(
  kind: DatabaseKind,
  o: { migrate?: boolean; sqlitePath?: string } = {},
): Promise<TestDb> {
  const migrate = o.migrate ?? true;
  if (kind === 'sqlite') {
    const handle = openDb({ sqlitePath: o.sqlitePath ?? ':memory:' });
    if (migrate) await migrateToLatest(handle.db);
    return { ...handle, url: undefined };
  }
  const name = `vigil_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = TEST_PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const handle = openDb({ sqlitePath: '', databaseUrl: url, poolSize: 4 });
  if (migrate) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    destroy: async () => {
      await handle.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
