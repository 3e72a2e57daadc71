import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0556).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // 1 while the recorder has started an event and not ended it (its end_ms is still its start). end_ms alone
  // cannot tell: an event that ended on its first picture has end_ms = start_ms too. Rows before: ended (0).
  await db.schema
    .alterTable('events')
    .addColumn('ongoing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('ongoing').execute();
}
