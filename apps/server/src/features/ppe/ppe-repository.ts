import type { Db, PpeViolationsTable } from '@vigil/db';
import type { Selectable } from 'kysely';

export type PpeViolationRow = Selectable<PpeViolationsTable>;

/** SQL of the PPE check's tables (migration 1050); knows nothing of HTTP or of who asks. */
export class PpeRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** The camera's safety zone ids when the check is on (empty: every zone), else null. */
  async zonesIfEnabled(uidd: string): Promise<string[] | null> {
    const row = await this.#db
      .selectFrom('ppe_cameras')
      .select('zone_ids')
      .where('camera_uidd', '=', uidd)
      .executeTakeFirst();
    return row ? (JSON.parse(row.zone_ids) as string[]) : null;
  }

  async enabledOf(uidds: readonly string[]): Promise<string[]> {
    if (!uidds.length) return [];
    const rows = await this.#db
      .selectFrom('ppe_cameras')
      .select('camera_uidd')
      .where('camera_uidd', 'in', uidds)
      .execute();
    return rows.map((r) => r.camera_uidd);
  }

  async set(uidd: string, owner: string, enabled: boolean, zones: readonly string[], now: number) {
    if (!enabled) {
      await this.#db.deleteFrom('ppe_cameras').where('camera_uidd', '=', uidd).execute();
      return;
    }
    const zone_ids = JSON.stringify(zones);
    await this.#db
      .insertInto('ppe_cameras')
      .values({ camera_uidd: uidd, owner_uid: owner, zone_ids, enabled_at: now })
      .onConflict((oc) => oc.column('camera_uidd').doUpdateSet({ zone_ids }))
      .execute();
  }

  async insertViolation(row: PpeViolationRow): Promise<void> {
    await this.#db.insertInto('ppe_violations').values(row).execute();
  }

  /** Violations of the cameras, newest first; `kind` keeps those missing that item. */
  async violations(q: {
    uidds: readonly string[];
    fromMs?: number | undefined;
    toMs?: number | undefined;
    zone?: string | undefined;
    kind?: 'helmet' | 'vest' | undefined;
    limit: number;
  }): Promise<PpeViolationRow[]> {
    let s = this.#db.selectFrom('ppe_violations').selectAll().where('camera_uidd', 'in', q.uidds);
    if (q.fromMs !== undefined) s = s.where('still_time_ms', '>=', q.fromMs);
    if (q.toMs !== undefined) s = s.where('still_time_ms', '<=', q.toMs);
    if (q.zone !== undefined) s = s.where('zone_id', '=', q.zone);
    if (q.kind === 'helmet') s = s.where('missing_helmet', '=', 1);
    if (q.kind === 'vest') s = s.where('missing_vest', '=', 1);
    return s.orderBy('still_time_ms', 'desc').orderBy('id').limit(q.limit).execute();
  }

  /** Per camera and zone: how many violations miss a helmet, a vest, and in all. */
  async counts(uidds: readonly string[], fromMs?: number, toMs?: number) {
    let s = this.#db
      .selectFrom('ppe_violations')
      .select((eb) => [
        'camera_uidd',
        'zone_id',
        eb.fn.max('zone_name').as('zone_name'),
        eb.fn.sum<number>('missing_helmet').as('helmet'),
        eb.fn.sum<number>('missing_vest').as('vest'),
        eb.fn.countAll<number>().as('total'),
      ])
      .where('camera_uidd', 'in', uidds);
    if (fromMs !== undefined) s = s.where('still_time_ms', '>=', fromMs);
    if (toMs !== undefined) s = s.where('still_time_ms', '<=', toMs);
    return s.groupBy(['camera_uidd', 'zone_id']).orderBy('camera_uidd').orderBy('zone_id').execute();
  }
}
