import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0600): recorders of a fleet and the leases by which they hold cameras.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // One row per recorder process ("logger host"), upserted when it starts, its heartbeat_at renewed every third of
  // the lease time. draining = 1: it is handing its cameras over (SIGTERM, or set by an operator).
  await db.schema
    .createTable('recorders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_url', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('draining', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .execute();
  // One row per installed camera once any recorder has looked: recorder_id NULL is a free camera; a lease whose
  // expires_at has passed may be taken by another recorder (SELECT … FOR UPDATE SKIP LOCKED, decision 0600).
  await db.schema
    .createTable('camera_leases')
    .addColumn('camera_uidd', 'text', (c) => c.primaryKey())
    .addColumn('recorder_id', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('acquired_at', 'bigint', (c) => c.notNull())
    .execute();
  // "Which cameras does this recorder hold" is every renewal's question.
  await db.schema.createIndex('camera_leases_recorder').on('camera_leases').column('recorder_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('camera_leases').execute();
  await db.schema.dropTable('recorders').execute();
}
