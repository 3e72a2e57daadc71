import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision's block (0796, plate watch-lists: an account's allow and deny lists).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plate_watch_entries')
    .addColumn('owner_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('list', 'varchar(5)', (c) => c.notNull())
    .addColumn('plate', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plate_watch_entries_pk', ['owner_uid', 'list', 'plate'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plate_watch_entries').execute();
}
