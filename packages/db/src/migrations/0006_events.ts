import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('camera_uidd', 'varchar(130)', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('rom', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logger', 'varchar(200)')
    .addColumn('has_high_res_still', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumb_path', 'text')
    .addColumn('still_path', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The one index every event list walks: per camera, newest first, keyset on (start, id). No offset scans.
  await db.schema
    .createIndex('events_camera_start')
    .on('events')
    .columns(['camera_uidd', 'start_ms', 'id'])
    .execute();

  await db.schema
    .createTable('event_labels')
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('confidence', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_labels_pk', ['event_id', 'label'])
    .execute();

  await db.schema
    .createTable('event_tags')
    .addColumn('event_id', 'varchar(32)', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_tags_pk', ['event_id', 'tag'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['event_tags', 'event_labels', 'events']) await db.schema.dropTable(t).execute();
}
