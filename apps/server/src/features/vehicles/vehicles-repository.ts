import type { PlatePattern } from '@vigil/contracts';
import type { Db, PlateSightingsTable, VehicleRecordsTable } from '@vigil/db';
import type { Selectable } from 'kysely';

export type VehicleRecordRow = Selectable<VehicleRecordsTable>;
export type SightingRow = Selectable<PlateSightingsTable>;

/** SQL of the LPR add-on's tables (migration 0800). */
export class VehiclesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async lprEnabled(uidd: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('lpr_cameras')
      .select('camera_uidd')
      .where('camera_uidd', '=', uidd)
      .executeTakeFirst();
    return row !== undefined;
  }

  async lprCameras(uidds: readonly string[]): Promise<string[]> {
    if (!uidds.length) return [];
    const rows = await this.#db
      .selectFrom('lpr_cameras')
      .select('camera_uidd')
      .where('camera_uidd', 'in', uidds)
      .execute();
    return rows.map((r) => r.camera_uidd);
  }

  async setLpr(uidd: string, owner: string, enabled: boolean, now: number): Promise<void> {
    if (!enabled) {
      await this.#db.deleteFrom('lpr_cameras').where('camera_uidd', '=', uidd).execute();
      return;
    }
    await this.#db
      .insertInto('lpr_cameras')
      .values({ camera_uidd: uidd, owner_uid: owner, enabled_at: now })
      .onConflict((oc) => oc.column('camera_uidd').doNothing())
      .execute();
  }

  async eventRecords(uidd: string, eventId: string): Promise<VehicleRecordRow[]> {
    return this.#db
      .selectFrom('vehicle_records')
      .selectAll()
      .where('camera_uidd', '=', uidd)
      .where('event_id', '=', eventId)
      .orderBy('still_time_ms')
      .orderBy('id')
      .execute();
  }

  async insertRecord(row: VehicleRecordRow): Promise<void> {
    await this.#db.insertInto('vehicle_records').values(row).execute();
  }

  /** A camera's sightings last seen since `sinceMs`: the ones a new read may join. */
  async recentSightings(uidd: string, sinceMs: number): Promise<SightingRow[]> {
    return this.#db
      .selectFrom('plate_sightings')
      .selectAll()
      .where('camera_uidd', '=', uidd)
      .where('last_seen_ms', '>=', sinceMs)
      .execute();
  }

  async insertSighting(row: SightingRow): Promise<void> {
    await this.#db.insertInto('plate_sightings').values(row).execute();
  }

  async updateSighting(id: string, set: Partial<Omit<SightingRow, 'id'>>): Promise<void> {
    await this.#db.updateTable('plate_sightings').set(set).where('id', '=', id).execute();
  }

  async findSighting(id: string): Promise<SightingRow | undefined> {
    return this.#db.selectFrom('plate_sightings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Sightings of the cameras, newest first, by plate search and time (last seen within [from, to]). */
  async searchSightings(q: {
    uidds: readonly string[];
    plate?: PlatePattern | undefined;
    fromMs?: number | undefined;
    toMs?: number | undefined;
    limit: number;
  }): Promise<SightingRow[]> {
    if (!q.uidds.length) return [];
    let sel = this.#db.selectFrom('plate_sightings').selectAll().where('camera_uidd', 'in', q.uidds);
    if (q.plate) {
      // Plates are letters and digits only (normalised): nothing in them is special to LIKE.
      const p = q.plate;
      const like = `${p.anyBefore ? '%' : ''}${p.text}${p.anyAfter ? '%' : ''}`;
      sel =
        p.anyBefore || p.anyAfter
          ? sel.where('licence_plate', 'like', like)
          : sel.where('licence_plate', '=', p.text);
    }
    if (q.fromMs !== undefined) sel = sel.where('last_seen_ms', '>=', q.fromMs);
    if (q.toMs !== undefined) sel = sel.where('first_seen_ms', '<=', q.toMs);
    return sel.orderBy('last_seen_ms', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  }

  /** First-seen times of the cameras' sightings within [from, to]. */
  async sightingStarts(uidds: readonly string[], fromMs: number, toMs: number) {
    if (!uidds.length) return [];
    return this.#db
      .selectFrom('plate_sightings')
      .select(['camera_uidd', 'first_seen_ms'])
      .where('camera_uidd', 'in', uidds)
      .where('first_seen_ms', '>=', fromMs)
      .where('first_seen_ms', '<=', toMs)
      .execute();
  }

  /** Event ids of each sighting, oldest first. */
  async sightingEvents(ids: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!ids.length) return out;
    const rows = await this.#db
      .selectFrom('vehicle_records')
      .select(['sighting_id', 'event_id'])
      .where('sighting_id', 'in', ids)
      .orderBy('still_time_ms')
      .execute();
    for (const r of rows) {
      const list = out.get(r.sighting_id) ?? [];
      if (!list.includes(r.event_id)) list.push(r.event_id);
      out.set(r.sighting_id, list);
    }
    return out;
  }
}
