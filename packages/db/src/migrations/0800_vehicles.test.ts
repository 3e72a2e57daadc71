import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0800_vehicles [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds the LPR switch, vehicle records and plate sightings; down removes them', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    await migrateToLatest(db.db);
    await db.db
      .insertInto('lpr_cameras')
      .values({ camera_uidd: 'u1.cam', owner_uid: 'u1', enabled_at: 1 })
      .execute();
    await db.db
      .insertInto('plate_sightings')
      .values({
        id: 's1',
        owner_uid: 'u1',
        camera_uidd: 'u1.cam',
        licence_plate: 'AB12CDE',
        licence_plate_region: 'GB',
        first_seen_ms: 1_790_000_000_000,
        last_seen_ms: 1_790_000_060_000,
        location: 'rear',
        colour: 'red',
        confidence: 0.5,
      })
      .execute();
    await db.db
      .insertInto('vehicle_records')
      .values({
        id: 'v1',
        event_id: 'e1',
        owner_uid: 'u1',
        camera_uidd: 'u1.cam',
        licence_plate: 'AB12CDE',
        licence_plate_region: null,
        confidence: 0.75,
        still_time_ms: 1_790_000_000_000,
        make: null,
        model: null,
        colour: null,
        location: null,
        sighting_id: 's1',
        created_at: 1,
      })
      .execute();
    const rec = await db.db
      .selectFrom('vehicle_records')
      .select(['confidence', 'still_time_ms'])
      .executeTakeFirst();
    expect({ confidence: rec?.confidence, at: Number(rec?.still_time_ms) }).toEqual({
      confidence: 0.75,
      at: 1_790_000_000_000,
    });
    expect((await migrator.migrateTo('0601_segment_hosts')).error).toBeUndefined();
    const tables = (await db.db.introspection.getTables()).map((t) => t.name);
    for (const gone of ['lpr_cameras', 'vehicle_records', 'plate_sightings'])
      expect(tables).not.toContain(gone);
  });
});
