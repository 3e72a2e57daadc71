import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0891_user_brand [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one brand per person, gone with the person', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    const brand = (await db.db.selectFrom('brands').select('id').executeTakeFirstOrThrow()).id;
    await db.db
      .insertInto('user_brands')
      .values({ user_uid: 'u1', brand_id: brand, created_at: 1 })
      .execute();
    await expect(
      db.db.insertInto('user_brands').values({ user_uid: 'u1', brand_id: brand, created_at: 2 }).execute(),
    ).rejects.toThrow();
    await db.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    expect(await db.db.selectFrom('user_brands').selectAll().execute()).toEqual([]);
  });
});
