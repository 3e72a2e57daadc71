import type { Db, OrganisationsTable } from '@vigil/db';

export type OrganisationRow = OrganisationsTable;
/** An organisation with whether its owner has installed cameras (1/0), for the login result's `cameras` flag. */
export type OrganisationWithCameras = OrganisationRow & { has_cameras: number };

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
      .where('owner_uid', '=', uid)
      .orderBy('name')
      .execute();
  }
}
