import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseKind, type DbHandle, migrateToLatest, openDb } from './index.ts';

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
