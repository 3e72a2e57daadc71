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

describe.each(TEST_DB_KINDS)('migration 0860_camera_analytics_rules [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps areas and rules per camera with unique names, goes with its camera, and down drops both', async () => {
    db = await createTestDb(kind, { migrate: false });
    await migrateToLatest(db.db);
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    await db.db
      .insertInto('cameras')
      .values(testCameraRow('u1') as never)
      .execute();
    const area = {
      id: 'a1',
      uidd: 'u1.cam',
      name: 'Drive',
      name_key: 'drive',
      kind: 'zone',
      points: '[[0,0],[1,0],[1,1]]',
      created_at: 1,
      updated_at: 1,
    };
    await db.db.insertInto('analytics_areas').values(area).execute();
    await expect(
      db.db
        .insertInto('analytics_areas')
        .values({ ...area, id: 'a2', name: 'DRIVE' })
        .execute(),
    ).rejects.toThrow();
    await db.db
      .insertInto('analytics_rules')
      .values({
        id: 'r1',
        uidd: 'u1.cam',
        name: 'Person on the drive',
        name_key: 'person on the drive',
        area_id: 'a1',
        object_class: 'person',
        event: 'presence',
        direction: null,
        schedule: null,
        notify: 1,
        enabled: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    expect(await db.db.selectFrom('analytics_rules').select(['id', 'area_id']).execute()).toEqual([
      { id: 'r1', area_id: 'a1' },
    ]);
    await db.db.deleteFrom('cameras').where('uidd', '=', 'u1.cam').execute();
    expect(await db.db.selectFrom('analytics_areas').selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom('analytics_rules').selectAll().execute()).toEqual([]);

    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0800_vehicles')).error).toBeUndefined();
    await expect(sql`select 1 from analytics_rules`.execute(db.db)).rejects.toThrow();
    await expect(sql`select 1 from analytics_areas`.execute(db.db)).rejects.toThrow();
  });
});
