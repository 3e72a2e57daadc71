import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb, testUserRow } from '../testing.ts';

const TABLES = ['audit_log', 'evidence_exports', 'evidence_keys'];

describe.each(TEST_DB_KINDS)('migration 0506_evidence [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('creates the exports, keys and audit log tables; down removes them and up again works', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    // Run after later-numbered ones, as it is where they shipped first.
    expect((await migrator.migrateTo('0307_camera_onvif')).error).toBeUndefined();
    const names = async () =>
      (await db?.db.introspection.getTables())
        ?.map((t) => t.name)
        .filter((n) => TABLES.includes(n))
        .sort();
    expect(await names()).toEqual([]);

    await migrateToLatest(db.db);
    expect(await names()).toEqual(TABLES);
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    await db.db
      .insertInto('evidence_exports')
      .values({
        id: '6f1c1c0e-8a4e-4c4f-9d43-2d1f5b0b7a11',
        owner_uid: 'u1',
        camera_uidd: 'u1.cam',
        camera_name: 'Front door',
        from_ms: 1_700_000_000_000,
        to_ms: 1_700_000_600_000,
        format: 'mp4',
        stream: 'main',
        filename: 'Front door.mp4',
        exporter_uid: 'u1',
        exporter_email: 'u1@example.com',
        exporter_share_id: null,
        exporter_ip: '203.0.113.5',
        status: 'complete',
        started_at: 1_700_000_700_000,
        completed_at: 1_700_000_701_000,
        sha256: 'ab'.repeat(32),
        bytes: 3_000_000_000,
        failure: null,
        key_id: '0123456789abcdef',
        manifest_json: '{}',
        signature: 'c2ln',
      })
      .execute();
    await db.db
      .insertInto('audit_log')
      .values({
        id: 'a1',
        account_uid: 'u1',
        at: 5,
        actor_uid: 'u1',
        actor_email: null,
        actor_share_id: null,
        ip: null,
        action: 'export.completed',
        details: '{"bytes":1}',
      })
      .execute();
    // Sizes beyond 32 bits (a long 4K export) come back whole on both databases.
    const row = await db.db
      .selectFrom('evidence_exports')
      .select(['bytes', 'sha256'])
      .where('sha256', '=', 'ab'.repeat(32))
      .executeTakeFirst();
    expect(row).toEqual({ bytes: 3_000_000_000, sha256: 'ab'.repeat(32) });

    expect((await migrator.migrateTo('0307_camera_onvif')).error).toBeUndefined();
    expect(await names()).toEqual([]);
    await migrateToLatest(db.db);
    expect(await names()).toEqual(TABLES);
  });
});
