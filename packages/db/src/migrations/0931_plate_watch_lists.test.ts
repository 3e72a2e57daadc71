import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0931_plate_watch_lists [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps a plate once per account and list, goes with its account, and down drops the table', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0931_plate_watch_lists')).error).toBeUndefined();
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    const entry = { owner_uid: 'u1', list: 'deny', plate: 'AB12CDE', note: 'Van', created_at: 1 };
    await db.db.insertInto('plate_watch_entries').values(entry).execute();
    await db.db
      .insertInto('plate_watch_entries')
      .values({ ...entry, list: 'allow' })
      .execute();
    await expect(db.db.insertInto('plate_watch_entries').values(entry).execute()).rejects.toThrow();
    expect(
      await db.db.selectFrom('plate_watch_entries').select(['list', 'plate']).orderBy('list').execute(),
    ).toEqual([
      { list: 'allow', plate: 'AB12CDE' },
      { list: 'deny', plate: 'AB12CDE' },
    ]);
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    expect(await db.db.selectFrom('plate_watch_entries').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo('0930_analytics_line_counts')).error).toBeUndefined();
    await expect(sql`select 1 from plate_watch_entries`.execute(db.db)).rejects.toThrow();
  });
});
