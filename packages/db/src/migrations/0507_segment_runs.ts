import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // 1 on the first segment of each ffmpeg run of the recorder: its media timestamps start again there, so a
  // stitcher needs a new input and a playlist a discontinuity, however short the gap (a restart can take 0.4 s).
  // NULL for the segments recorded before (runs are then told apart by gaps alone).
  await db.schema.alterTable('segments').addColumn('run_start', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('segments').dropColumn('run_start').execute();
}
