import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its area (issue 15, the object-storage tier; decision 0856).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // When the segment's file was uploaded to the deployment's bucket (epoch ms; SEGMENT_STORE=s3, decision 0856).
  // NULL: only on the disk of its recorder (recorder_id), as every row before this migration. A set value lets any
  // process with the bucket read the file when that recorder is dead or gone, instead of answering it offline.
  await db.schema.alterTable('segments').addColumn('stored_ms', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('segments').dropColumn('stored_ms').execute();
}
