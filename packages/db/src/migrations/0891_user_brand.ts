import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// The brand each person registered on (decision 0825): e-mails sent later, outside any request, carry it.
// A table of the brands feature keyed by uid, not a column on users: auth owns `users` (decision 0018).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_brands')
    .addColumn('user_uid', 'varchar(64)', (c) => c.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('brand_id', 'varchar(64)', (c) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_brands').execute();
}
