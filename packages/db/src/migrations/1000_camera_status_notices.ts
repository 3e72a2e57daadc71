import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// Each camera's online/offline state as last told (decisions 0850, 0874): a restarted recorder, or the recorder that
// took a dead one's lease, starts from it instead of from nothing, so a camera that went offline while no process
// read it is still told once. `version` grows with each told change: a recorder moves the row only from the version it
// read (one conditional UPDATE), so two recorders holding the camera at once cannot both tell one change.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('camera_status_notices')
    .addColumn('uidd', 'varchar(130)', (c) => c.primaryKey().references('cameras.uidd').onDelete('cascade'))
    // 'online' or 'offline'.
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    // When the state began (its first sighting), epoch ms.
    .addColumn('since', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // When the row was last written, epoch ms (support).
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('camera_status_notices').execute();
}
