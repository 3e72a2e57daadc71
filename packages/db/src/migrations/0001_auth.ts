import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('account_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('region', 'varchar(32)', (c) => c.notNull())
    .addColumn('installer_id', 'varchar(64)')
    .addColumn('distributor_id', 'varchar(64)')
    .addColumn('provider', 'varchar(64)')
    .addColumn('sso_provider', 'varchar(40)')
    .addColumn('sso_organization', 'varchar(128)')
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
    .addColumn('country', 'varchar(2)', (c) => c.notNull().defaultTo('US'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('marketing_emails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscriber_type', 'varchar(32)')
    .addColumn('camera_brand', 'varchar(64)')
    .addColumn('invite_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organisations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('cloud_storage_duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organisations_owner').on('organisations').column('owner_uid').execute();

  await db.schema
    .createTable('login_series')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'varchar(64)')
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone_id', 'varchar(200)')
    .addColumn('phone_name', 'varchar(200)')
    .addColumn('model', 'varchar(200)')
    .addColumn('app_version', 'varchar(200)')
    .addColumn('push_token', 'text')
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await db.schema.createIndex('login_series_uid').on('login_series').column('uid').execute();

  await db.schema
    .createTable('login_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('series_id', 'varchar(64)', (c) =>
      c.notNull().references('login_series.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('superseded_at', 'bigint')
    .execute();
  await db.schema.createIndex('login_tokens_series').on('login_tokens').column('series_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('selfreg_steps')
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('step', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addPrimaryKeyConstraint('selfreg_steps_pk', ['uid', 'step'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'server_secrets',
    'outbox',
    'selfreg_steps',
    'password_resets',
    'login_tokens',
    'login_series',
    'organisations',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
