import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // E-mail verification (decision 0009): null until the owner opens the link e-mailed at registration. Accounts
  // that exist before this migration were made when nothing was verified: they count as verified from their start.
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await db
    .updateTable('users')
    .set((eb) => ({ email_verified_at: eb.ref('created_at') }))
    .execute();

  // One-time verification links, stored hashed like reset links; `email` is the address the link was sent to,
  // so a link stops counting once the account's address changes.
  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_verifications_uid').on('email_verifications').column('uid').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
