import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision's block (0707, notification settings per person and camera).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('camera_notification_settings')
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    .addColumn('user_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('online_offline', 'integer', (c) => c.notNull())
    .addColumn('analytics', 'integer', (c) => c.notNull())
    .addColumn('rule_alerts', 'integer', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('camera_notification_settings_pk', ['uidd', 'user_uid'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('camera_notification_settings').execute();
}
