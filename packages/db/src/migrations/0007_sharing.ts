import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('creator_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('camera_uidd', 'varchar(130)', (c) => c.notNull())
    .addColumn('start_sec', 'bigint', (c) => c.notNull())
    .addColumn('end_sec', 'bigint', (c) => c.notNull())
    .addColumn('access', 'varchar(8)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_links_camera')
    .on('share_links')
    .columns(['camera_uidd', 'created_at'])
    .execute();

  await db.schema
    .createTable('share_link_uses')
    .addColumn('link_id', 'varchar(64)', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .addColumn('viewer_uid', 'varchar(64)')
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_link_uses_link')
    .on('share_link_uses')
    .columns(['link_id', 'used_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_link_uses').execute();
  await db.schema.dropTable('share_links').execute();
}
