import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0701, camera recording resolution).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // The chosen nvrmode code (SD=1, 2MP=0, 4MP=3, 8MP=2); NULL: none chosen, the main stream is recorded.
  await db.schema.alterTable('cameras').addColumn('nvr_mode', 'integer').execute();
  // The stream the recorder records: 'main' or 'sd'.
  await db.schema
    .alterTable('cameras')
    .addColumn('recorded_stream', 'varchar(4)', (c) => c.notNull().defaultTo('main'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cameras').dropColumn('recorded_stream').execute();
  await db.schema.alterTable('cameras').dropColumn('nvr_mode').execute();
}
