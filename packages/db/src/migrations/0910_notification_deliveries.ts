import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Notifications sent (decisions 0710, 0711): when each person was last told about each camera, per kind (the per-person,
// per-camera rate limit, one claim shared by every server), and each health alert rule's last told state (a start
// and a resolve told once each, whichever server evaluates first).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_sends')
    .addColumn('user_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    // What was told: 'motion' (an event started) or 'rule' (an alert rule matched), each limited on its own.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_sends_pk', ['user_uid', 'uidd', 'kind'])
    .execute();
  await db.schema
    .createTable('health_alert_states')
    .addColumn('alert_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('firing', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('health_alert_states').execute();
  await db.schema.dropTable('notification_sends').execute();
}
