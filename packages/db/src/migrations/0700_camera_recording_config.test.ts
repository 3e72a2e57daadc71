import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testCameraRow } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0700_camera_recording_config [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds nvr_mode (NULL) and recorded_stream (main) to existing cameras; down removes them', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0601_segment_hosts')).error).toBeUndefined();
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
      .values({ ...testCameraRow('u1'), name: 'Old' } as never)
      .execute();

    await migrateToLatest(db.db);
    const row = await db.db
      .selectFrom('cameras')
      .select(['uidd', 'nvr_mode', 'recorded_stream'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ uidd: 'u1.cam', nvr_mode: null, recorded_stream: 'main' });

    expect((await migrator.migrateTo('0601_segment_hosts')).error).toBeUndefined();
    const after = await db.db.selectFrom('cameras').selectAll().executeTakeFirstOrThrow();
    expect('nvr_mode' in after || 'recorded_stream' in after).toBe(false);
    expect(after.name).toBe('Old');
  });
});
