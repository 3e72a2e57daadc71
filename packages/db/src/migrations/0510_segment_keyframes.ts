import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0510): areas add migrations in parallel, and their ranges do not collide.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // Where each keyframe after the first starts in a segment file, so a playlist can name byte ranges of one
  // keyframe interval: `ms:byte` pairs, comma-separated. NULL for the segments recorded before (played whole).
  await db.schema.alterTable('segments').addColumn('keyframes', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('segments').dropColumn('keyframes').execute();
}
