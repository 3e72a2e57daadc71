import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cameras')
    .addColumn('uidd', 'varchar(130)', (c) => c.primaryKey())
    .addColumn('owner_uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('model', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('logger', 'varchar(255)', (c) => c.notNull())
    .addColumn('last_logger', 'bigint')
    .addColumn('recorded_stream_name', 'varchar(130)', (c) => c.notNull())
    .addColumn('mac_address', 'varchar(17)')
    .addColumn('cam_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('timezone_name', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('cloud_recording_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recording_mode', 'varchar(16)', (c) => c.notNull().defaultTo('continuous'))
    .addColumn('ptz_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('talkback_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audio_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('analytics_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('analytics_scheme', 'varchar(64)')
    .addColumn('mainstream_live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recording_resolution', 'varchar(8)', (c) => c.notNull().defaultTo('2MP'))
    .addColumn('wowza', 'varchar(255)')
    .addColumn('sd_wowza', 'varchar(255)')
    .addColumn('cloud_adapter_id', 'varchar(64)')
    .addColumn('cloud_adapter_version', 'varchar(32)')
    .addColumn('local_live_id', 'varchar(64)')
    .addColumn('access', 'varchar(8)', (c) => c.notNull().defaultTo('a'))
    .addColumn('video_codec', 'varchar(8)', (c) => c.notNull().defaultTo('h264'))
    .addColumn('video_width', 'integer')
    .addColumn('video_height', 'integer')
    .addColumn('frame_rate', 'double precision')
    .addColumn('audio_codec', 'varchar(32)')
    .addColumn('stream_url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('sd_stream_url', 'varchar(2048)')
    .addColumn('credentials_enc', 'text')
    .addColumn('credentials_key_id', 'varchar(16)')
    .addColumn('cloud_storage_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('motion_sensitivity', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('uninstalled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uninstalled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cameras_owner_device', ['owner_uid', 'device_id'])
    .execute();
  await db.schema.createIndex('cameras_logger').on('cameras').column('logger').execute();

  await db.schema
    .createTable('camera_tags')
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('camera_tags_pk', ['uidd', 'tag'])
    .execute();

  await db.schema
    .createTable('viewer_settings')
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('uidd', 'varchar(130)', (c) => c.notNull().references('cameras.uidd').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('viewer_settings_pk', ['uid', 'uidd'])
    .execute();
  await db.schema.createIndex('viewer_settings_uidd').on('viewer_settings').column('uidd').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['viewer_settings', 'camera_tags', 'cameras']) await db.schema.dropTable(t).execute();
}
