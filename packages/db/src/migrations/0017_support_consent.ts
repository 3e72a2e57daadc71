import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0017): an account owner's consent to support seeing its pictures and video.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // One grant per account: granting again replaces it, revoking deletes it (the audit log keeps the history).
  await db.schema
    .createTable('support_grants')
    .addColumn('account_uid', 'varchar(64)', (c) =>
      c.primaryKey().references('users.uid').onDelete('cascade'),
    )
    .addColumn('granted_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_grants').execute();
}
