import type { Db, OrganisationsTable } from '@vigil/db';

export type OrganisationRow = OrganisationsTable;

export class OrganisationsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async create(row: OrganisationRow): Promise<void> {
    await this.#db.insertInto('organisations').values(row).execute();
  }

  ownedBy(uid: string): Promise<OrganisationRow[]> {
    return this.#db
      .selectFrom('organisations')
      .selectAll()
      .where('owner_uid', '=', uid)
      .orderBy('name')
      .execute();
  }
}
