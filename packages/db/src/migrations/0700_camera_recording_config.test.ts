import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../testing.ts';
import { migrations } from './index.ts';

describe.each(TEST_DB_KINDS)('migration 0700_camera_recording_config [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds nvr_mode (NULL) and recorded_stream (main) to existing cameras; down removes them', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = new Migrator({
      db: db.db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
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
      .values({
        uidd: 'u1.cam',
        owner_uid: 'u1',
        device_id: 'cam',
        name: 'Old',
        model: 'm',
        logger: 'http://l',
        recorded_stream_name: 'u1.cam',
        cam_id: 'cam',
        timezone_name: 'UTC',
        cloud_recording_enabled: 1,
        recording_mode: 'continuous',
        stream_url: 'rtsp://198.51.100.1/x',
        created_at: 1,
        updated_at: 1,
      } as never)
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
