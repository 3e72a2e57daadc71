import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// A brand's footer (spec 001 §2: for one brand a visit link and 8 rotating marketing messages; decision 0827):
// JSON { visitUrl?, visitLabel?, messages[] }, '{}' for none.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('brands')
    .addColumn('footer', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('brands').dropColumn('footer').execute();
}
