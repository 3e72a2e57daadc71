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
  path: `u1.cam/main/2026-11-21/${start}.aa.m4s`,
  init_path: 'u1.cam/main/init-aa.mp4',
  codec: 'avc1.640028',
});

describe.each(TEST_DB_KINDS)('migration 0510_segment_keyframes [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds a nullable keyframes column: older rows read NULL, new rows keep their list; down removes it', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0008_motion')).error).toBeUndefined();
    await db.db.insertInto('segments').values(row('old', 1_000)).execute();

    await migrateToLatest(db.db);
    await db.db
      .insertInto('segments')
      .values([
        { ...row('new', 5_000), keyframes: '2000:954808' },
        { ...row('one', 9_000), keyframes: '' },
      ])
      .execute();
    const rows = await db.db.selectFrom('segments').select(['id', 'keyframes']).orderBy('start_ms').execute();
    expect(rows).toEqual([
      { id: 'old', keyframes: null },
      { id: 'new', keyframes: '2000:954808' },
      { id: 'one', keyframes: '' },
    ]);

    expect((await migrator.migrateTo('0008_motion')).error).toBeUndefined();
    const after = await db.db.selectFrom('segments').selectAll().where('id', '=', 'old').executeTakeFirst();
    expect(after && 'keyframes' in after).toBe(false);
  });
});
