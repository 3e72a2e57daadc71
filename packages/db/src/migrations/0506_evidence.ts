import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0506): evidence exports with signed manifests, and the account audit log.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign key to users: the record of what the service signed outlives the account that exported it, so a
  // clip handed to the police still verifies after the account is closed.
  await db.schema
    .createTable('evidence_exports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('camera_uidd', 'varchar(130)', (c) => c.notNull())
    .addColumn('camera_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('from_ms', 'bigint', (c) => c.notNull())
    .addColumn('to_ms', 'bigint', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('stream', 'varchar(8)', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('exporter_uid', 'varchar(64)')
    .addColumn('exporter_email', 'varchar(320)')
    .addColumn('exporter_share_id', 'varchar(64)')
    .addColumn('exporter_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('bytes', 'bigint')
    .addColumn('failure', 'varchar(500)')
    .addColumn('key_id', 'varchar(32)')
    // The manifest exactly as signed (canonical JSON), so a later change of its fields cannot break old signatures.
    .addColumn('manifest_json', 'text')
    .addColumn('signature', 'varchar(128)')
    .execute();
  await db.schema.createIndex('evidence_exports_sha256').on('evidence_exports').column('sha256').execute();
  await db.schema
    .createIndex('evidence_exports_owner')
    .on('evidence_exports')
    .columns(['owner_uid', 'started_at'])
    .execute();

  // Ed25519 key pairs; the private key encrypted with a key derived from the server secret. Old public keys stay
  // so manifests signed before a rotation still verify.
  await db.schema
    .createTable('evidence_keys')
    .addColumn('key_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('public_key_pem', 'text', (c) => c.notNull())
    .addColumn('private_key_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_uid', 'varchar(64)')
    .addColumn('actor_email', 'varchar(320)')
    .addColumn('actor_share_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  // Newest first per account, keyset-paged on (at, id).
  await db.schema
    .createIndex('audit_log_account_at')
    .on('audit_log')
    .columns(['account_uid', 'at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('evidence_keys').execute();
  await db.schema.dropTable('evidence_exports').execute();
}
