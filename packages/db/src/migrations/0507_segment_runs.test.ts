import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';

const row = (id: string, start: number) => ({
  id,
  camera_uidd: 'u1.cam',
  stream: 'main',
  start_ms: start,
  end_ms: start + 4000,
  bytes: 2_000_000,
  path: `u1.cam/main/2026-11-24/${start}.aa.m4s`,
  init_path: 'u1.cam/main/init-aa.mp4',
  codec: 'avc1.640028',
});

describe.each(TEST_DB_KINDS)('migration 0507_segment_runs [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds a nullable run_start: older rows read NULL, new rows keep 1 or 0; down removes it', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0307_camera_onvif')).error).toBeUndefined();
    await db.db.insertInto('segments').values(row('old', 1_000)).execute();

    await migrateToLatest(db.db);
    await db.db
      .insertInto('segments')
      .values([
        { ...row('first', 5_000), run_start: 1 },
        { ...row('next', 9_000), run_start: 0 },
      ])
      .execute();
    const rows = await db.db.selectFrom('segments').select(['id', 'run_start']).orderBy('start_ms').execute();
    expect(rows.map((r) => [r.id, r.run_start === null ? null : Number(r.run_start)])).toEqual([
      ['old', null],
      ['first', 1],
      ['next', 0],
    ]);

    expect((await migrator.migrateTo('0307_camera_onvif')).error).toBeUndefined();
    const after = await db.db.selectFrom('segments').selectAll().where('id', '=', 'old').executeTakeFirst();
    expect(after && 'run_start' in after).toBe(false);
  });
});
