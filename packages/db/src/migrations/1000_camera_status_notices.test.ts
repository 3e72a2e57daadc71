import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import {
  createTestDb,
  migratorOf,
  TEST_DB_KINDS,
  type TestDb,
  testCameraRow,
  testUserRow,
} from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 1000_camera_status_notices [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one told state per camera, gone with the camera; down drops it', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    await db.db
      .insertInto('cameras')
      .values(testCameraRow('u1') as never)
      .execute();
    const row = { uidd: 'u1.cam', state: 'online' as const, since: 1, version: 0, changed_at: 2 };
    await db.db.insertInto('camera_status_notices').values(row).execute();
    await expect(db.db.insertInto('camera_status_notices').values(row).execute()).rejects.toThrow();
    expect(await db.db.selectFrom('camera_status_notices').selectAll().execute()).toEqual([row]);
    await db.db.deleteFrom('cameras').where('uidd', '=', 'u1.cam').execute();
    expect(await db.db.selectFrom('camera_status_notices').selectAll().execute()).toEqual([]);

    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0990_brand_footer')).error).toBeUndefined();
    await expect(sql`select 1 from camera_status_notices`.execute(db.db)).rejects.toThrow();
  });
});
