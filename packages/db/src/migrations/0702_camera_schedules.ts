import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decision (0702, camera schedules).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('camera_schedules')
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('day_of_week', 'integer', (c) => c.notNull())
    .addColumn('local_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('action', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('camera_schedules_pk', ['uidd', 'category', 'day_of_week', 'local_time'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('camera_schedules').execute();
}
