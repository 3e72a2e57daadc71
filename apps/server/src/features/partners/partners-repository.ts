import type { Db, PartnerCustomersTable, PartnersTable } from '@vigil/db';

export type PartnerRow = PartnersTable;
export type CustomerRow = PartnerCustomersTable;

/** The partner hierarchy's SQL (decision 0720): partners and the customer accounts of installers. */
export class PartnersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: PartnerRow): Promise<void> {
    await this.#db.insertInto('partners').values(row).execute();
  }

  find(id: string): Promise<PartnerRow | undefined> {
    return this.#db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byUid(uid: string): Promise<PartnerRow | undefined> {
    return this.#db.selectFrom('partners').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  async companyTaken(key: string): Promise<boolean> {
    const r = await this.#db
      .selectFrom('partners')
      .select('id')
      .where('company_key', '=', key)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Partners of a kind, all or under one parent. */
  list(kind: 'i' | 'd', parentId?: string): Promise<PartnerRow[]> {
    let q = this.#db.selectFrom('partners').selectAll().where('kind', '=', kind);
    if (parentId !== undefined) q = q.where('parent_id', '=', parentId);
    return q.orderBy('company').execute();
  }

  /** The installers of these distributors (id and distributor only). */
  installersOf(distributorIds: readonly string[]): Promise<Pick<PartnerRow, 'id' | 'parent_id'>[]> {
    if (distributorIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('partners')
      .select(['id', 'parent_id'])
      .where('kind', '=', 'i')
      .where('parent_id', 'in', [...distributorIds])
      .execute();
  }

  async setSuspended(id: string, at: number | null): Promise<void> {
    await this.#db.updateTable('partners').set({ suspended_at: at }).where('id', '=', id).execute();
  }

  async insertCustomer(row: CustomerRow): Promise<void> {
    await this.#db.insertInto('partner_customers').values(row).execute();
  }

  customer(uid: string): Promise<CustomerRow | undefined> {
    return this.#db.selectFrom('partner_customers').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  customersOf(installerIds: readonly string[]): Promise<CustomerRow[]> {
    if (installerIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('partner_customers')
      .selectAll()
      .where('installer_id', 'in', [...installerIds])
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Customer counts per installer. */
  async customerCounts(installerIds: readonly string[]): Promise<Map<string, number>> {
    if (installerIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('partner_customers')
      .select(['installer_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('installer_id', 'in', [...installerIds])
      .groupBy('installer_id')
      .execute();
    return new Map(rows.map((r) => [r.installer_id, Number(r.n)]));
  }

  /** Moves an account to another installer (support), or records it under one for the first time. */
  async setInstaller(uid: string, installerId: string, company: string, at: number): Promise<void> {
    const moved = await this.#db
      .updateTable('partner_customers')
      .set({ installer_id: installerId })
      .where('uid', '=', uid)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0)
      await this.insertCustomer({ uid, installer_id: installerId, company, created_at: at });
  }
}
