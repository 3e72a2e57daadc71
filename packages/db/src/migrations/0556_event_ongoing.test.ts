import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';

const row = (id: string, start: number) => ({
  id,
  owner_uid: 'u1',
  camera_uidd: 'u1.cam',
  start_ms: start,
  end_ms: start,
  score: 3,
  rom: 0,
  has_high_res_still: 0,
  created_at: start,
});

describe.each(TEST_DB_KINDS)('migration 0556_event_ongoing [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds ongoing: events stored before read as ended (0), new ones keep theirs; down removes it', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0510_segment_keyframes')).error).toBeUndefined();
    // Written as the schema was then: no ongoing column (the table's type has it now).
    const { ongoing: _, ...before } = { ...row('old', 1_000), ongoing: 0 };
    await db.db
      .insertInto('events')
      .values(before as never)
      .execute();

    await migrateToLatest(db.db);
    await db.db
      .insertInto('events')
      .values({ ...row('open', 5_000), logger: null, thumb_path: null, still_path: null, ongoing: 1 })
      .execute();
    const rows = await db.db.selectFrom('events').select(['id', 'ongoing']).orderBy('start_ms').execute();
    expect(rows).toEqual([
      { id: 'old', ongoing: 0 },
      { id: 'open', ongoing: 1 },
    ]);

    expect((await migrator.migrateTo('0510_segment_keyframes')).error).toBeUndefined();
    const after = await db.db.selectFrom('events').selectAll().where('id', '=', 'old').executeTakeFirst();
    expect(after && 'ongoing' in after).toBe(false);
  });
});
