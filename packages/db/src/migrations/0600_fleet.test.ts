import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';

describe.each(TEST_DB_KINDS)('migration 0600_fleet [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds recorders and camera_leases (a free lease has no recorder); down removes both', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    expect((await migrator.migrateTo('0556_event_ongoing')).error).toBeUndefined();
    await migrateToLatest(db.db);

    await db.db
      .insertInto('recorders')
      .values({
        id: 'host-a:8080',
        public_url: 'http://a.example:8080',
        capacity: 200,
        heartbeat_at: 1_700_000_000_000,
        draining: 0,
        started_at: 1_700_000_000_000,
      })
      .execute();
    await db.db
      .insertInto('camera_leases')
      .values([
        { camera_uidd: 'u1.c1', recorder_id: 'host-a:8080', expires_at: 1_700_000_010_000, acquired_at: 5 },
        { camera_uidd: 'u1.c2', recorder_id: null, expires_at: 0, acquired_at: 0 },
      ])
      .execute();
    const recorders = await db.db.selectFrom('recorders').selectAll().execute();
    expect(recorders).toEqual([
      {
        id: 'host-a:8080',
        public_url: 'http://a.example:8080',
        capacity: 200,
        heartbeat_at: 1_700_000_000_000,
        draining: 0,
        started_at: 1_700_000_000_000,
      },
    ]);
    const leases = await db.db
      .selectFrom('camera_leases')
      .select(['camera_uidd', 'recorder_id'])
      .orderBy('camera_uidd')
      .execute();
    expect(leases).toEqual([
      { camera_uidd: 'u1.c1', recorder_id: 'host-a:8080' },
      { camera_uidd: 'u1.c2', recorder_id: null },
    ]);
    // One lease per camera: the primary key refuses a second.
    await expect(
      db.db
        .insertInto('camera_leases')
        .values({ camera_uidd: 'u1.c1', recorder_id: 'host-b:8080', expires_at: 1, acquired_at: 1 })
        .execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('0556_event_ongoing')).error).toBeUndefined();
    const tables = (await db.db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('recorders');
    expect(tables).not.toContain('camera_leases');
  });
});
