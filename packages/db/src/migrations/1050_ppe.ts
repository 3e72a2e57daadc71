import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered after its decisions' block (0870, 0871: the PPE check, hard hats and high-visibility vests).
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // The PPE switch per camera, with its safety zones: the feature's own table, as lpr_cameras is LPR's.
  await db.schema
    .createTable('ppe_cameras')
    .addColumn('camera_uidd', 'text', (c) => c.primaryKey())
    .addColumn('owner_uid', 'text', (c) => c.notNull())
    .addColumn('zone_ids', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ppe_cameras_owner').on('ppe_cameras').column('owner_uid').execute();
  await db.schema
    .createTable('ppe_violations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_uid', 'text', (c) => c.notNull())
    .addColumn('camera_uidd', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('still_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('zone_id', 'text')
    .addColumn('zone_name', 'text')
    .addColumn('missing_helmet', 'integer', (c) => c.notNull())
    .addColumn('missing_vest', 'integer', (c) => c.notNull())
    .addColumn('confidence', 'real', (c) => c.notNull())
    .addColumn('box', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The list's query: a camera's violations, newest first.
  await db.schema
    .createIndex('ppe_violations_camera_time')
    .on('ppe_violations')
    .columns(['camera_uidd', 'still_time_ms'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ppe_violations').execute();
  await db.schema.dropTable('ppe_cameras').execute();
}
