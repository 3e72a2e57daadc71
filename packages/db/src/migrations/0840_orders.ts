import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Takeaway orders (decisions 0840–0842): the account's till camera and webhook secret, orders, dispute notes.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('takeaway_accounts')
    .addColumn('owner_uid', 'text', (c) => c.primaryKey())
    .addColumn('till_camera_uidd', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('secret_created_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('takeaway_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_uid', 'text', (c) => c.notNull())
    .addColumn('vendor_order_id', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('placed_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('items_json', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('camera_uidd', 'text')
    .addColumn('clip_start_ms', 'bigint')
    .addColumn('clip_end_ms', 'bigint')
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addColumn('dispute_status', 'text')
    .addColumn('dispute_reason', 'text')
    .addColumn('dispute_opened_ms', 'bigint')
    .execute();
  // Idempotency by the vendor's order id (decision 0840): two deliveries racing insert one row, the second conflicts.
  await db.schema
    .createIndex('takeaway_orders_vendor_id')
    .on('takeaway_orders')
    .columns(['owner_uid', 'vendor_order_id'])
    .unique()
    .execute();
  // The list and the dashboard: an account's orders by time.
  await db.schema
    .createIndex('takeaway_orders_placed')
    .on('takeaway_orders')
    .columns(['owner_uid', 'placed_at_ms'])
    .execute();
  await db.schema
    .createTable('takeaway_dispute_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('by_uid', 'text')
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('takeaway_dispute_notes_order')
    .on('takeaway_dispute_notes')
    .columns(['order_id', 'at_ms'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('takeaway_dispute_notes').execute();
  await db.schema.dropTable('takeaway_orders').execute();
  await db.schema.dropTable('takeaway_accounts').execute();
}
