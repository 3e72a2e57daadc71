import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('timezone', 'varchar(64)').execute();

  await db.schema
    .createTable('account_members')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('member_uid', 'varchar(64)', (c) => c.references('users.uid').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('alias', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'varchar(16)', (c) => c.notNull())
    .addColumn('camera_scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addUniqueConstraint('account_members_owner_email', ['owner_uid', 'email'])
    .execute();
  await db.schema.createIndex('account_members_member').on('account_members').column('member_uid').execute();

  await db.schema
    .createTable('account_member_cameras')
    .addColumn('member_id', 'varchar(64)', (c) =>
      c.notNull().references('account_members.id').onDelete('cascade'),
    )
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_member_cameras_pk', ['member_id', 'uidd'])
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(64)', (c) =>
      c.notNull().references('account_members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('camera_groups')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('camera_groups_owner_name', ['owner_uid', 'name'])
    .execute();

  await db.schema
    .createTable('camera_group_cameras')
    .addColumn('group_id', 'varchar(64)', (c) =>
      c.notNull().references('camera_groups.id').onDelete('cascade'),
    )
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull())
    .addPrimaryKeyConstraint('camera_group_cameras_pk', ['group_id', 'uidd'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'camera_group_cameras',
    'camera_groups',
    'invitations',
    'account_member_cameras',
    'account_members',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable('users').dropColumn('timezone').execute();
}
