import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type DatabaseKind, type DbHandle, migrateToLatest, openDb } from './index.ts';
import { migrations } from './migrations/index.ts';

/** PostgreSQL server for tests; CI and these machines have one at 127.0.0.1:5432 with trust auth. */
export const TEST_PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEST_DB_KINDS: DatabaseKind[] = ['sqlite', 'postgres'];

/** A `users` row with every column set (`<uid>@example.com`, GB, no password): what migration tests insert. */
export const testUserRow = (uid: string, type: 'u' | 'i' | 'd' = 'u') => ({
  uid,
  email: `${uid}@example.com`,
  password_hash: null,
  account_type: type,
  region: 'eu',
  installer_id: null,
  distributor_id: null,
  provider: null,
  sso_provider: null,
  sso_organization: null,
  is_demo: 0,
  language: 'en',
  country: 'GB',
  currency: 'GBP',
  marketing_emails: 0,
  subscriber_type: null,
  camera_brand: null,
  invite_id: null,
  created_at: 1,
  timezone: null,
});

/** A `cameras` row of the owner's with what the table requires (`<owner>.cam`, RTSP at a documentation address). */
export const testCameraRow = (owner: string, deviceId = 'cam') => ({
  uidd: `${owner}.${deviceId}`,
  owner_uid: owner,
  device_id: deviceId,
  name: 'A',
  model: 'm',
  logger: 'http://l',
  recorded_stream_name: `${owner}.${deviceId}`,
  cam_id: deviceId,
  timezone_name: 'UTC',
  cloud_recording_enabled: 1,
  recording_mode: 'continuous',
  stream_url: 'rtsp://198.51.100.1/x',
  created_at: 1,
  updated_at: 1,
});

export interface TestDb extends DbHandle {
  /** Connection string for another process to open the same database (PostgreSQL only). */
  url: string | undefined;
}

/**
 * A migrator over the project's migrations, as `migrateToLatest` builds it: a migration's test stops the database at
 * the migration before (`migrateTo`), writes the rows the new one must carry over, then migrates on.
 */
export const migratorOf = (db: DbHandle['db']): Migrator =>
  new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });

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
  const from = migrate ? ` TEMPLATE ${await migratedTemplate()}` : '';
  await whileInUse(() => adminQuery(`CREATE DATABASE ${name}${from}`));
  const url = pgUrl(name);
  const handle = openDb({ sqlitePath: '', databaseUrl: url, poolSize: 4 });
  return {
    ...handle,
    url,
    destroy: async () => {
      await handle.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const pgUrl = (database: string) => TEST_PG_ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);

/**
 * A PostgreSQL database migrated to the latest schema, to copy each test's database from: running the ~50
 * migrations took ~2 s a database (most of a PostgreSQL suite's set-up), a copy takes a few hundred ms. Named by a
 * hash of the migrations' source, so a changed migration makes a new one and worktrees with other migrations never
 * share one; made once on a server (under an advisory lock, built under another name and renamed when complete),
 * and never connected to afterwards (a copy needs its template idle).
 */
let template: Promise<string> | undefined;
function migratedTemplate(): Promise<string> {
  template ??= makeTemplate().catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  return template;
}

function migrationsHash(): string {
  const h = createHash('sha256');
  const dir = join(import.meta.dirname, 'migrations');
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => join('migrations', f));
  for (const file of [...sources, 'index.ts'])
    h.update(file).update(readFileSync(join(import.meta.dirname, file)));
  return h.digest('hex').slice(0, 16);
}

async function makeTemplate(): Promise<string> {
  const name = `vigil_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    // One builder per server: the others wait here, then find it made.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists()) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = openDb({ sqlitePath: '', databaseUrl: pgUrl(building), poolSize: 1 });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.destroy();
      }
      // The pool's backends may take a moment to leave after it closed.
      await whileInUse(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await admin.end();
  }
}

/** Runs `f` again while PostgreSQL says a database it needs is in use (55006), for up to 10 s. */
async function whileInUse<T>(f: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await f();
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
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

/**
 * A real PostgreSQL outage of one test database, on the machine's shared server (never restarted): its sessions
 * are ended and new ones refused (`down`), then allowed again (`up`). `close` allows them and disconnects.
 */
export async function pgOutage(
  test: TestDb,
): Promise<{ down(): Promise<void>; up(): Promise<void>; close(): Promise<void> }> {
  const name = new URL(test.url as string).pathname.slice(1);
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  const up = async () => {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
  };
  return {
    down: async () => {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    },
    up,
    close: async () => {
      await up();
      await admin.end();
    },
  };
}
