import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestDb,
  migratorOf,
  TEST_DB_KINDS,
  type TestDb,
  testCameraRow,
  testUserRow,
} from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0930_analytics_line_counts [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('keeps one row per camera, hour, line, class and direction, goes with its line, and down drops it', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    // Only up to its own migration: its down is then run against the schema it was written for.
    expect((await migrator.migrateTo('0930_analytics_line_counts')).error).toBeUndefined();
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    await db.db
      .insertInto('cameras')
      .values(testCameraRow('u1') as never)
      .execute();
    await db.db
      .insertInto('analytics_areas')
      .values({
        id: 'l1',
        uidd: 'u1.cam',
        name: 'Door',
        name_key: 'door',
        kind: 'line',
        points: '[[0.5,0],[0.5,1]]',
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const row = {
      uidd: 'u1.cam',
      area_id: 'l1',
      object_class: 'person',
      direction: 'in',
      hour_start: 3_600_000,
      crossings: 2,
    };
    await db.db.insertInto('analytics_line_counts').values(row).execute();
    await db.db
      .insertInto('analytics_line_counts')
      .values({ ...row, direction: 'out', crossings: 1 })
      .execute();
    await expect(db.db.insertInto('analytics_line_counts').values(row).execute()).rejects.toThrow();
    expect(
      await db.db
        .selectFrom('analytics_line_counts')
        .select(['direction', 'crossings'])
        .orderBy('direction')
        .execute(),
    ).toEqual([
      { direction: 'in', crossings: 2 },
      { direction: 'out', crossings: 1 },
    ]);
    await db.db.deleteFrom('analytics_areas').where('id', '=', 'l1').execute();
    expect(await db.db.selectFrom('analytics_line_counts').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo('0891_user_brand')).error).toBeUndefined();
    await expect(sql`select 1 from analytics_line_counts`.execute(db.db)).rejects.toThrow();
  });
});
