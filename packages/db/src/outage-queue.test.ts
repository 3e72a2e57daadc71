import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './index.ts';
import { OutageQueue } from './outage-queue.ts';
import { createTestDb, pgOutage, type TestDb } from './testing.ts';

/**
 * Writes kept through a real outage (decision 0015): the database's sessions are killed and new ones refused
 * (ALLOW_CONNECTIONS false; the machine's PostgreSQL is shared, not restarted), then allowed again.
 */
describe('OutageQueue through a PostgreSQL outage', () => {
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

  it('keeps the writes made while the database is away, in order, and writes them when it is back', async () => {
    const handle = openDb({ sqlitePath: '', databaseUrl: test.url, poolSize: 2, connectTimeoutMs: 500 });
    const logged: string[] = [];
    const log = {
      warn: (_: object, m: string) => logged.push(`warn: ${m}`),
      error: (_: object, m: string) => logged.push(`error: ${m}`),
      info: (_: object, m: string) => logged.push(`info: ${m}`),
    };
    const queue = new OutageQueue({ log, what: 'test rows', initialMs: 50, maxMs: 200 });
    const db = handle.db;
    await sql`CREATE TABLE t (n integer PRIMARY KEY)`.execute(db);
    const insert = (n: number) => () => sql`INSERT INTO t (n) VALUES (${n})`.execute(db).then(() => {});
    try {
      await queue.run(insert(1));
      expect(queue.pending).toBe(0);

      await outage.down();
      await queue.run(insert(2)); // resolves: kept, not thrown
      await queue.run(insert(1)); // a duplicate: its own error once the database is back, not the queue's
      await queue.run(insert(3));
      expect(queue.pending).toBe(3);
      expect(logged).toEqual(['warn: database unavailable: test rows wait until it is back']);

      await outage.up();
      await expect.poll(() => queue.pending, { timeout: 10_000 }).toBe(0);
      const rows = await sql<{ n: number }>`SELECT n FROM t ORDER BY n`.execute(db);
      expect(rows.rows.map((r) => r.n)).toEqual([1, 2, 3]);
      expect(logged.slice(1)).toEqual([
        'error: test rows: a write failed',
        'info: database back: test rows written',
      ]);
    } finally {
      queue.stop();
      await handle.destroy();
    }
  });

  it('gives up the oldest writes past its bound, and says so once', async () => {
    const logged: string[] = [];
    const note = (_: object, m: string) => logged.push(m);
    const queue = new OutageQueue({ log: { warn: note, error: note, info: note }, what: 'rows', max: 2 });
    const down = new Error('Connection terminated unexpectedly'); // pg's words for a lost connection
    const done: number[] = [];
    let up = false;
    const write = (n: number) => async () => {
      if (!up) throw down;
      done.push(n);
    };
    for (const n of [1, 2, 3, 4]) await queue.run(write(n));
    expect(queue.pending).toBe(2);
    expect(logged).toEqual([
      'database unavailable: rows wait until it is back',
      'database unavailable too long: oldest rows given up',
    ]);
    up = true;
    await expect.poll(() => done, { timeout: 5000 }).toEqual([3, 4]);
    queue.stop();
  });
});
