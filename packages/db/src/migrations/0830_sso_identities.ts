import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0830, single sign-on).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // A user's identities at OpenID Providers, keyed by (issuer, subject): never by e-mail (decision 0831).
  await db.schema
    .createTable('sso_identities')
    .addColumn('issuer', 'varchar(512)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('organisation', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addPrimaryKeyConstraint('sso_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sso_identities_uid').on('sso_identities').column('uid').execute();
  // Authorisation requests under way: state, nonce and PKCE verifier kept here, used once (decision 0832).
  await db.schema
    .createTable('sso_requests')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)')
    .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(1024)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  // Nonces of ID tokens signed in with through POST /login/sso, each accepted once until the token expires.
  await db.schema
    .createTable('sso_nonces')
    .addColumn('issuer', 'varchar(512)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(255)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_nonces_pk', ['issuer', 'nonce'])
    .execute();
  // Sign-in series started by single sign-on: refreshing them asks the provider again (ssoRefreshToken).
  await db.schema
    .createTable('sso_series')
    .addColumn('series_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('issuer', 'varchar(512)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('needs_refresh_token', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_series').execute();
  await db.schema.dropTable('sso_nonces').execute();
  await db.schema.dropTable('sso_requests').execute();
  await db.schema.dropTable('sso_identities').execute();
}
