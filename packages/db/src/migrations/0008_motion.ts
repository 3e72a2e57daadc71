import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // Motion detection zones of a camera (spec 001 §5): JSON [{ name, points: [[x, y], ...] }], coordinates 0..1.
  // Sensitivity (motion_sensitivity) and record on motion (recording_mode 'rom') are columns of 0002 already.
  await db.schema
    .alterTable('cameras')
    .addColumn('motion_zones', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cameras').dropColumn('motion_zones').execute();
}
