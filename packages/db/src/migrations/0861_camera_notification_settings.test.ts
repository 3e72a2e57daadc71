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

describe.each(TEST_DB_KINDS)('migration 0861_camera_notification_settings [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one row per camera and person, gone with either; down drops the table', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db
      .insertInto('users')
      .values([testUserRow('u1'), testUserRow('u2')])
      .execute();
    await db.db
      .insertInto('cameras')
      .values(testCameraRow('u1') as never)
      .execute();
    const row = (user: string) => ({
      uidd: 'u1.cam',
      user_uid: user,
      online_offline: 1,
      analytics: 0,
      rule_alerts: 1,
      email: 1,
      push: 0,
      updated_at: 1,
    });
    await db.db
      .insertInto('camera_notification_settings')
      .values([row('u1'), row('u2')])
      .execute();
    await expect(
      db.db.insertInto('camera_notification_settings').values(row('u2')).execute(),
    ).rejects.toThrow();
    await db.db.deleteFrom('users').where('uid', '=', 'u2').execute();
    expect(await db.db.selectFrom('camera_notification_settings').select('user_uid').execute()).toEqual([
      { user_uid: 'u1' },
    ]);
    await db.db.deleteFrom('cameras').where('uidd', '=', 'u1.cam').execute();
    expect(await db.db.selectFrom('camera_notification_settings').selectAll().execute()).toEqual([]);

    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0860_camera_analytics_rules')).error).toBeUndefined();
    await expect(sql`select 1 from camera_notification_settings`.execute(db.db)).rejects.toThrow();
  });
});
