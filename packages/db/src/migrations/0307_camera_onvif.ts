import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0307, camera PTZ over ONVIF).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // The port of the camera's ONVIF device service (on the stream's host); NULL: none known (port 80 is tried).
  await db.schema.alterTable('cameras').addColumn('onvif_port', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cameras').dropColumn('onvif_port').execute();
}
