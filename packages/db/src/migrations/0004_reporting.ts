import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_error_reports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('caller_uid', 'varchar(64)')
    .addColumn('identifier', 'varchar(254)', (c) => c.notNull())
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('trace', 'text', (c) => c.notNull())
    .addColumn('info', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('forwarded_at', 'bigint')
    .addColumn('forward_error', 'text')
    .execute();
  await db.schema
    .createIndex('web_error_reports_created')
    .on('web_error_reports')
    .column('created_at')
    .execute();
  await db.schema.createIndex('web_error_reports_uid').on('web_error_reports').column('uid').execute();

  await db.schema
    .createTable('usage_logs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('host', 'varchar(253)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('instance', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('window_size', 'varchar(16)', (c) => c.notNull())
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usage_logs_uid_created')
    .on('usage_logs')
    .columns(['uid', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usage_logs').execute();
  await db.schema.dropTable('web_error_reports').execute();
}
