import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './index.ts';
import { waitForDatabase } from './startup.ts';
import { createTestDb, pgOutage, type TestDb } from './testing.ts';

/**
 * A server starting while PostgreSQL refuses connections waits for it (decision 0015): the database's sessions
 * are killed and new ones refused (ALLOW_CONNECTIONS false; the machine's PostgreSQL is shared, not restarted),
 * then allowed again.
 */
describe('waiting for PostgreSQL at start', () => {
  let test: TestDb;
  let outage: Awaited<ReturnType<typeof pgOutage>>;

  beforeAll(async () => {
    test = await createTestDb('postgres', { migrate: false });
    outage = await pgOutage(test);
  });
  afterAll(async () => {
    await outage.close();
    await test.destroy();
  });

  it('tells once that it waits, and resolves when the database accepts connections again', async () => {
    await outage.down();
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
      await outage.up();
      await waiting;
      expect(told).toEqual(['down']);
      expect(await handle.probe()).toBe('up');
    } finally {
      await handle.destroy();
    }
  });
});
