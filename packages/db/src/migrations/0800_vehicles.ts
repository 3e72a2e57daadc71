import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Numbered in the analytics add-ons' range (decisions 0790, 0791): licence plate recognition.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  // The LPR add-on, per camera: a row while it is on. Its own table, not a camera column: the add-on is its
  // feature's, as the cameras' settings are theirs.
  await db.schema
    .createTable('lpr_cameras')
    .addColumn('camera_uidd', 'text', (c) => c.primaryKey())
    .addColumn('owner_uid', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint', (c) => c.notNull())
    .execute();
  // Spec 001 §3 Vehicle analytics record: one per plate read in an event's pictures.
  await db.schema
    .createTable('vehicle_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('owner_uid', 'text', (c) => c.notNull())
    .addColumn('camera_uidd', 'text', (c) => c.notNull())
    .addColumn('licence_plate', 'text', (c) => c.notNull())
    .addColumn('licence_plate_region', 'text')
    .addColumn('confidence', 'real', (c) => c.notNull())
    .addColumn('still_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('make', 'text')
    .addColumn('model', 'text')
    .addColumn('colour', 'text')
    .addColumn('location', 'text')
    .addColumn('sighting_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vehicle_records_event').on('vehicle_records').column('event_id').execute();
  await db.schema
    .createIndex('vehicle_records_sighting')
    .on('vehicle_records')
    .column('sighting_id')
    .execute();
  // Reads of one plate on one camera close in time: the plate log's rows.
  await db.schema
    .createTable('plate_sightings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_uid', 'text', (c) => c.notNull())
    .addColumn('camera_uidd', 'text', (c) => c.notNull())
    .addColumn('licence_plate', 'text', (c) => c.notNull())
    .addColumn('licence_plate_region', 'text')
    .addColumn('first_seen_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_ms', 'bigint', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('colour', 'text')
    .addColumn('confidence', 'real', (c) => c.notNull())
    .execute();
  // The plate log: a camera's sightings by time; the grouping asks for a camera's latest ones.
  await db.schema
    .createIndex('plate_sightings_camera_seen')
    .on('plate_sightings')
    .columns(['camera_uidd', 'last_seen_ms'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plate_sightings').execute();
  await db.schema.dropTable('vehicle_records').execute();
  await db.schema.dropTable('lpr_cameras').execute();
}
