import type { Db, OrganisationsTable } from '@vigil/db';

export type OrganisationRow = OrganisationsTable;
/**
 * An organisation with whether its owner has installed cameras (1/0), for the login result's `cameras` flag, and
 * whether one of them has the PPE check on (`ppeCameras`, decision 0871).
 */
export type OrganisationWithCameras = OrganisationRow & { has_cameras: number; has_ppe_cameras: number };

export class OrganisationsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async create(row: OrganisationRow): Promise<void> {
    await this.#db.insertInto('organisations').values(row).execute();
  }

  ownedBy(uid: string): Promise<OrganisationWithCameras[]> {
    return this.#db
      .selectFrom('organisations')
      .selectAll('organisations')
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('cameras')
                .select('cameras.uidd')
                .whereRef('cameras.owner_uid', '=', 'organisations.owner_uid')
                .where('cameras.uninstalled', '=', 0),
            ),
          )
          .then(1)
          .else(0)
          .end()
          .as('has_cameras'),
      )
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('ppe_cameras')
                .select('ppe_cameras.camera_uidd')
                .whereRef('ppe_cameras.owner_uid', '=', 'organisations.owner_uid'),
            ),
          )
          .then(1)
          .else(0)
          .end()
          .as('has_ppe_cameras'),
      )
      .where('owner_uid', '=', uid)
      .orderBy('name')
      .execute();
  }

  /** The owner's organisations keep this many days of video (their plan's storage, decision 0741). */
  async setStorageDuration(ownerUid: string, days: number): Promise<void> {
    await this.#db
      .updateTable('organisations')
      .set({ cloud_storage_duration: days })
      .where('owner_uid', '=', ownerUid)
      .execute();
  }

  /** Each owner's cloud storage duration: the longest of their organisations' (0 when none is set). */
  async storageDurations(ownerUids: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!ownerUids.length) return result;
    const rows = await this.#db
      .selectFrom('organisations')
      .select(['owner_uid', (eb) => eb.fn.max('cloud_storage_duration').as('days')])
      .where('owner_uid', 'in', ownerUids)
      .groupBy('owner_uid')
      .execute();
    for (const r of rows) result.set(r.owner_uid, Number(r.days ?? 0));
    return result;
  }
}
