import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../index.ts';
import { createTestDb, migratorOf, TEST_DB_KINDS, type TestDb } from '../testing.ts';

const order = {
  id: 'o1',
  owner_uid: 'u1',
  vendor_order_id: 'POS-1',
  body_hash: 'h',
  placed_at_ms: 1_790_000_000_000,
  total_minor: 1250,
  currency: 'GBP',
  items_json: '[]',
  channel: null,
  camera_uidd: 'u1.till',
  clip_start_ms: 1_789_999_940_000,
  clip_end_ms: 1_790_000_240_000,
  imported_at: 1,
  dispute_status: null,
  dispute_reason: null,
  dispute_opened_ms: null,
};

describe.each(TEST_DB_KINDS)('migration 0840_orders [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('adds takeaway settings, orders unique per vendor id, dispute notes; down removes them', async () => {
    db = await createTestDb(kind, { migrate: false });
    const migrator = migratorOf(db.db);
    await migrateToLatest(db.db);
    await db.db
      .insertInto('takeaway_accounts')
      .values({
        owner_uid: 'u1',
        till_camera_uidd: 'u1.till',
        webhook_secret: 's',
        secret_created_at: 5,
        updated_at: 5,
      })
      .execute();
    await db.db.insertInto('takeaway_orders').values(order).execute();
    // The same vendor order id on the same account is one order; on another account it is another.
    await expect(
      db.db
        .insertInto('takeaway_orders')
        .values({ ...order, id: 'o2' })
        .execute(),
    ).rejects.toThrow();
    await db.db
      .insertInto('takeaway_orders')
      .values({ ...order, id: 'o3', owner_uid: 'u2' })
      .execute();
    await db.db
      .insertInto('takeaway_dispute_notes')
      .values({
        id: 'n1',
        order_id: 'o1',
        at_ms: 7,
        by_uid: null,
        from_status: null,
        to_status: 'open',
        note: 'x',
      })
      .execute();
    const row = await db.db
      .selectFrom('takeaway_orders')
      .select(['placed_at_ms', 'total_minor'])
      .where('id', '=', 'o1')
      .executeTakeFirst();
    expect({ at: Number(row?.placed_at_ms), total: Number(row?.total_minor) }).toEqual({
      at: 1_790_000_000_000,
      total: 1250,
    });
    expect((await migrator.migrateTo('0820_brands')).error).toBeUndefined();
    const tables = (await db.db.introspection.getTables()).map((t) => t.name);
    for (const gone of ['takeaway_accounts', 'takeaway_orders', 'takeaway_dispute_notes'])
      expect(tables).not.toContain(gone);
  });
});
