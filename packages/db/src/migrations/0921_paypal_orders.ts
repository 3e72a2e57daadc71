import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Decision 0751: the PayPal stand-in's approvals are stored, so one given before a restart is captured after it.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('paypal_orders')
    .addColumn('token', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('invoice_id', 'varchar(64)', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('captured_ref', 'varchar(128)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('paypal_orders').execute();
}
