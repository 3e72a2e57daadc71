import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './index.ts';
import { waitForDatabase } from './startup.ts';
import { createTestDb, TEST_PG_ADMIN_URL, type TestDb } from './testing.ts';

/**
 * A server starting while PostgreSQL refuses connections waits for it (decision 0015): the database's sessions
 * are killed and new ones refused (ALLOW_CONNECTIONS false; the machine's PostgreSQL is shared, not restarted),
 * then allowed again.
 */
describe('waiting for PostgreSQL at start', () => {
  let test: TestDb;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    test = await createTestDb('postgres', { migrate: false });
    name = new URL(test.url as string).pathname.slice(1);
    admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    await admin.end();
    await test.destroy();
  });

  it('tells once that it waits, and resolves when the database accepts connections again', async () => {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    const handle = openDb({ sqlitePath: '', databaseUrl: test.url, poolSize: 1 });
    try {
      const told: string[] = [];
      let ready = false;
      const waiting = waitForDatabase(handle, {
        onWaiting: (s) => told.push(s),
        initialMs: 20,
        maxMs: 100,
      }).then(() => {
        ready = true;
      });
      await expect.poll(() => told, { timeout: 10_000 }).toEqual(['down']);
      expect(ready).toBe(false);
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await waiting;
      expect(told).toEqual(['down']);
      expect(await handle.probe()).toBe('up');
    } finally {
      await handle.destroy();
    }
  });
});
