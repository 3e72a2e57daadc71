import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing from the app.
// The health screen's poll (decision 0855): "which installed cameras does no live lease hold" is
// `recorder_id IS NULL OR expires_at <= now`. The NULL arm has camera_leases_recorder (0600); this index gives the
// expiry arm one, so the poll is two index lookups OR-ed together, not a read of every lease.
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('camera_leases_expiry').on('camera_leases').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('camera_leases_expiry').execute();
}
