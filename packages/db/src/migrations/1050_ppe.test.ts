import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 1050_ppe [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps a camera once, stores violations, and down drops both tables', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('1050_ppe')).error).toBeUndefined();
    const cam = { camera_uidd: 'u1.d1', owner_uid: 'u1', zone_ids: '[]', enabled_at: 1 };
    await db.db.insertInto('ppe_cameras').values(cam).execute();
    await expect(db.db.insertInto('ppe_cameras').values(cam).execute()).rejects.toThrow();
    await db.db
      .insertInto('ppe_violations')
      .values({
        id: 'v1',
        owner_uid: 'u1',
        camera_uidd: 'u1.d1',
        event_id: 'e1',
        still_time_ms: 1_700_000_000_000,
        zone_id: null,
        zone_name: null,
        missing_helmet: 1,
        missing_vest: 0,
        confidence: 0.5,
        box: '[0.1,0.2,0.3,0.9]',
        created_at: 2,
      })
      .execute();
    const row = await db.db.selectFrom('ppe_violations').selectAll().executeTakeFirstOrThrow();
    expect(Number(row.still_time_ms)).toBe(1_700_000_000_000);
    expect(row.missing_helmet).toBe(1);

    expect((await migrator.migrateTo('1020_camera_leases_expiry')).error).toBeUndefined();
    await expect(sql`select 1 from ppe_violations`.execute(db.db)).rejects.toThrow();
    await expect(sql`select 1 from ppe_cameras`.execute(db.db)).rejects.toThrow();
  });
});
