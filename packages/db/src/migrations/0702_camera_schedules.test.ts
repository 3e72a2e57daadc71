import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testCameraRow } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0702_camera_schedules [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one entry per camera, category, day and time, goes with its camera, and down drops the table', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db
      .insertInto('users')
      .values({
        uid: 'u1',
        email: 'a@example.com',
        password_hash: 'x',
        account_type: 'u',
        region: 'eu',
        created_at: 1,
      } as never)
      .execute();
    await db.db
      .insertInto('cameras')
      .values(testCameraRow('u1') as never)
      .execute();
    const entry = {
      uidd: 'u1.cam',
      category: 'recording',
      day_of_week: 1,
      local_time: '09:00',
      action: 'off',
      created_at: 1,
    };
    await db.db.insertInto('camera_schedules').values(entry).execute();
    await expect(db.db.insertInto('camera_schedules').values(entry).execute()).rejects.toThrow();
    await db.db.deleteFrom('cameras').where('uidd', '=', 'u1.cam').execute();
    expect(await db.db.selectFrom('camera_schedules').selectAll().execute()).toEqual([]);

    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0700_camera_recording_config')).error).toBeUndefined();
    await expect(sql`select 1 from camera_schedules`.execute(db.db)).rejects.toThrow();
  });
});
