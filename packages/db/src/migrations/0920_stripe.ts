import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after decision 0750: Stripe's customer of each account, the Checkout Sessions made for invoices (so a
// webhook or a return from the hosted page finds its invoice after a restart), and the events already handled
// (webhooks are idempotent by event id).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stripe_customers')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('customer_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stripe_checkouts')
    .addColumn('session_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('invoice_id', 'varchar(64)', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stripe_checkouts_invoice')
    .on('stripe_checkouts')
    .column('invoice_id')
    .execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(128)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('stripe_checkouts').execute();
  await db.schema.dropTable('stripe_customers').execute();
}
