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
  recorder_id: 'rec-1',
});

describe.each(TEST_DB_KINDS)('migration 1030_segments_stored [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds a nullable stored_ms: older rows read NULL (on their recorder only), epoch ms fit; down removes it', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0990_brand_footer')).error).toBeUndefined();
    await db.db.insertInto('segments').values(row('old', 1_000)).execute();

    await migrateToLatest(db.db);
    // An epoch in ms of 2026 is past 2^31: the column must be 64-bit.
    await db.db
      .insertInto('segments')
      .values([{ ...row('up', 5_000), stored_ms: 1_795_000_000_123 }, row('waiting', 9_000)])
      .execute();
    const rows = await db.db.selectFrom('segments').select(['id', 'stored_ms']).orderBy('start_ms').execute();
    expect(rows.map((r) => [r.id, r.stored_ms === null ? null : Number(r.stored_ms)])).toEqual([
      ['old', null],
      ['up', 1_795_000_000_123],
      ['waiting', null],
    ]);

    expect((await migrator.migrateTo('0990_brand_footer')).error).toBeUndefined();
    const after = await db.db.selectFrom('segments').selectAll().where('id', '=', 'up').executeTakeFirst();
    expect(after && 'stored_ms' in after).toBe(false);
    expect(after?.id).toBe('up');
  });
});
