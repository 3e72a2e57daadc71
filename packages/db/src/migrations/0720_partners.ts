import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0720): the partner hierarchy, distributors → installers → customer accounts.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // A distributor ('d') or installer ('i') company and the account that signs in for it. `id` is the code the
  // spec's installerid / distributorid carry; an installer's parent_id is its distributor's id.
  await db.schema
    .createTable('partners')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(1)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique().references('users.uid').onDelete('cascade'))
    .addColumn('parent_id', 'varchar(64)', (c) => c.references('partners.id'))
    .addColumn('company', 'varchar(200)', (c) => c.notNull())
    // The company name lowercased and trimmed: one partner per company name (the spec's "company exists").
    .addColumn('company_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('suspended_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('partners_parent').on('partners').column('parent_id').execute();

  // The customer accounts an installer made (or was given by support): one installer per account.
  await db.schema
    .createTable('partner_customers')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('installer_id', 'varchar(64)', (c) => c.notNull().references('partners.id'))
    .addColumn('company', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_customers_installer')
    .on('partner_customers')
    .columns(['installer_id', 'created_at'])
    .execute();
  // Support's search finds accounts by installer id too (decision 0720): an index, not a scan of every user.
  await db.schema.createIndex('users_installer').on('users').column('installer_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_installer').execute();
  await db.schema.dropTable('partner_customers').execute();
  await db.schema.dropTable('partners').execute();
}
