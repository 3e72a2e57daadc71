import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0601): areas add migrations in parallel, and their ranges do not collide.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // The recorder ("logger host") whose disk holds the segment's file, so a playlist served by any server can name
  // the file on that host. NULL: the process that serves the index holds it (the embedded default, every row
  // written before this migration, or a filesystem shared by every host). No foreign key: a recorder's row may be
  // gone (decommissioned) while its segments are still kept, and the recorders table is another migration's.
  await db.schema.alterTable('segments').addColumn('recorder_id', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('segments').dropColumn('recorder_id').execute();
}
