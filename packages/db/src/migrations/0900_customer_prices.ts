import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// The price an installer sets for one of its customers (decision 0746): a share of the installer's own list per
// currency. Billing's table, keyed by the customer's uid; gone with the account.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_prices')
    .addColumn('customer_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_prices_pk', ['customer_uid', 'currency'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_prices').execute();
}
