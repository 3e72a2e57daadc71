import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision's block (0704, analytics areas and alert rules).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_areas')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('points', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('analytics_areas_name_uq', ['uidd', 'name_key'])
    .execute();
  await db.schema
    .createTable('analytics_rules')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(40)', (c) => c.notNull())
    // An area in use cannot go (the service says which rules use it); the camera's deletion takes both.
    .addColumn('area_id', 'varchar(40)', (c) =>
      c.notNull().references('analytics_areas.id').onDelete('cascade'),
    )
    .addColumn('object_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('event', 'varchar(10)', (c) => c.notNull())
    .addColumn('direction', 'varchar(4)')
    .addColumn('schedule', 'text')
    .addColumn('notify', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('analytics_rules_name_uq', ['uidd', 'name_key'])
    .execute();
  await db.schema.createIndex('analytics_rules_area_idx').on('analytics_rules').column('area_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_rules').execute();
  await db.schema.dropTable('analytics_areas').execute();
}
