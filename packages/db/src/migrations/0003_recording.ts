import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// The recorder's tables. They name cameras by uidd only (no foreign key to the cameras table): the recorder
// runs without it, and a camera's recordings outlive its row until retention or an explicit delete.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('segments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('camera_uidd', 'varchar(130)', (c) => c.notNull())
    .addColumn('stream', 'varchar(8)', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('init_path', 'varchar(512)', (c) => c.notNull())
    .addColumn('codec', 'varchar(100)', (c) => c.notNull())
    .execute();
  // Playback reads a camera's segments by time; retention deletes a camera's oldest first.
  await db.schema
    .createIndex('segments_camera_start')
    .on('segments')
    .columns(['camera_uidd', 'start_ms'])
    .execute();

  await db.schema
    .createTable('camera_stills')
    .addColumn('camera_uidd', 'varchar(130)', (c) => c.primaryKey())
    .addColumn('thumb_path', 'varchar(512)')
    .addColumn('thumb_ms', 'bigint')
    .addColumn('still_path', 'varchar(512)')
    .addColumn('still_ms', 'bigint')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('camera_stills').execute();
  await db.schema.dropTable('segments').execute();
}
