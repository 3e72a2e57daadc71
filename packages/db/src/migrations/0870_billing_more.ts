import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decisions (0742–0744): invoice numbers and the card used, the account's consents (AI training,
// partner demos), and the price lists partners set for their installers.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('number', 'integer').execute();
  await db.schema.alterTable('invoices').addColumn('card_last4', 'varchar(4)').execute();
  // Invoices issued before numbers existed get theirs in the order they were made.
  const old = await db.selectFrom('invoices').select('id').orderBy('created_at').orderBy('id').execute();
  for (const [i, row] of old.entries())
    await db
      .updateTable('invoices')
      .set({ number: i + 1 })
      .where('id', '=', row.id)
      .execute();
  await db.schema.createIndex('invoices_number').on('invoices').column('number').unique().execute();
  await db.schema
    .createTable('account_consents')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('ai_training', 'integer', (c) => c.notNull())
    .addColumn('partner_demo', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('partner_price_lists')
    .addColumn('installer_id', 'varchar(64)', (c) =>
      c.notNull().references('partners.id').onDelete('cascade'),
    )
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_price_lists_pk', ['installer_id', 'currency'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('partner_price_lists').execute();
  await db.schema.dropTable('account_consents').execute();
  await db.schema.dropIndex('invoices_number').execute();
  await db.schema.alterTable('invoices').dropColumn('card_last4').execute();
  await db.schema.alterTable('invoices').dropColumn('number').execute();
}
