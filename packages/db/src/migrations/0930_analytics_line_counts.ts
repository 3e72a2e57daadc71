import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision's block (0794, people counting wired: crossings of count lines per hour).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_line_counts')
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    // A deleted line takes its counts with it (its name is what the counts are read by).
    .addColumn('area_id', 'varchar(40)', (c) =>
      c.notNull().references('analytics_areas.id').onDelete('cascade'),
    )
    .addColumn('object_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('direction', 'varchar(4)', (c) => c.notNull())
    .addColumn('hour_start', 'bigint', (c) => c.notNull())
    .addColumn('crossings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_line_counts_pk', [
      'uidd',
      'hour_start',
      'area_id',
      'object_class',
      'direction',
    ])
    .execute();
  await db.schema
    .createIndex('analytics_line_counts_area_idx')
    .on('analytics_line_counts')
    .column('area_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_line_counts').execute();
}
