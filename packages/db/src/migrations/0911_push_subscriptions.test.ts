import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0911_push_subscriptions [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one subscription per endpoint, gone with the person; down drops the table', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    const row = {
      id: 'h1',
      user_uid: 'u1',
      endpoint: `https://push.example/${'x'.repeat(600)}`,
      p256dh: 'BP',
      auth: 'au',
      created_at: 1,
    };
    await db.db.insertInto('push_subscriptions').values(row).execute();
    await expect(db.db.insertInto('push_subscriptions').values(row).execute()).rejects.toThrow();
    expect(
      (await db.db.selectFrom('push_subscriptions').select('endpoint').executeTakeFirst())?.endpoint,
    ).toHaveLength(621);
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    expect(await db.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);

    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0910_notification_deliveries')).error).toBeUndefined();
    await expect(sql`select 1 from push_subscriptions`.execute(db.db)).rejects.toThrow();
  });
});
