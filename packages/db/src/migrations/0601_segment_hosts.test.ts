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

describe.each(TEST_DB_KINDS)('migration 0601_segment_hosts [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds a nullable recorder_id: older rows read NULL (served here), new rows name their host; down removes it', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0556_event_ongoing')).error).toBeUndefined();
    await db.db.insertInto('segments').values(row('old', 1_000)).execute();

    await migrateToLatest(db.db);
    await db.db
      .insertInto('segments')
      .values([{ ...row('b', 5_000), recorder_id: 'rec-b:8081' }, row('here', 9_000)])
      .execute();
    const rows = await db.db
      .selectFrom('segments')
      .select(['id', 'recorder_id'])
      .orderBy('start_ms')
      .execute();
    expect(rows).toEqual([
      { id: 'old', recorder_id: null },
      { id: 'b', recorder_id: 'rec-b:8081' },
      { id: 'here', recorder_id: null },
    ]);

    expect((await migrator.migrateTo('0556_event_ongoing')).error).toBeUndefined();
    const after = await db.db.selectFrom('segments').selectAll().where('id', '=', 'b').executeTakeFirst();
    expect(after && 'recorder_id' in after).toBe(false);
    expect(after?.id).toBe('b');
  });
});
