import type { BrandAssetsTable, BrandsTable, Db } from '@vigil/db';

export type BrandRow = BrandsTable;
export type AssetMeta = Omit<BrandAssetsTable, 'data'>;

/** Everything but the images' bytes: few rows, read whole and kept by the service. */
export interface BrandsSnapshot {
  brands: BrandRow[];
  hosts: { host: string; brand_id: string }[];
  assets: AssetMeta[];
  installerThemes: { installer_id: string; theme: string }[];
}

/** SQL for brands, their hosts, images and installers' overrides; knows nothing of HTTP or of who asks. */
export class BrandsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async snapshot(): Promise<BrandsSnapshot> {
    const [brands, hosts, assets, installerThemes] = await Promise.all([
      this.#db.selectFrom('brands').selectAll().orderBy('id').execute(),
      this.#db.selectFrom('brand_hosts').selectAll().orderBy('host').execute(),
      this.#db
        .selectFrom('brand_assets')
        .select(['owner', 'name', 'content_type', 'sha256', 'updated_at'])
        .execute(),
      this.#db.selectFrom('installer_themes').select(['installer_id', 'theme']).execute(),
    ]);
    return { brands, hosts, assets, installerThemes };
  }

  /** Remembers the brand a person registered on; the first one stays (decision 0825). */
  async setUserBrand(uid: string, brandId: string, now: number): Promise<void> {
    await this.#db
      .insertInto('user_brands')
      .values({ user_uid: uid, brand_id: brandId, created_at: now })
      .onConflict((oc) => oc.column('user_uid').doNothing())
      .execute();
  }

  async userBrand(uid: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('user_brands')
      .select('brand_id')
      .where('user_uid', '=', uid)
      .executeTakeFirst();
    return row?.brand_id;
  }

  /** Hosts among these that a brand other than `brandId` answers on. */
  async hostsTaken(hosts: readonly string[], brandId: string): Promise<string[]> {
    if (hosts.length === 0) return [];
    const rows = await this.#db
      .selectFrom('brand_hosts')
      .select('host')
      .where('host', 'in', [...hosts])
      .where('brand_id', '!=', brandId)
      .execute();
    return rows.map((r) => r.host);
  }

  /** Inserts or replaces a brand and its hosts, in one transaction. */
  async save(row: BrandRow, hosts: readonly string[], create: boolean): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      if (create) await trx.insertInto('brands').values(row).execute();
      else {
        const { id, ...rest } = row;
        await trx.updateTable('brands').set(rest).where('id', '=', id).execute();
      }
      await trx.deleteFrom('brand_hosts').where('brand_id', '=', row.id).execute();
      if (hosts.length > 0)
        await trx
          .insertInto('brand_hosts')
          .values(hosts.map((host) => ({ host, brand_id: row.id })))
          .execute();
    });
  }

  async remove(id: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('brand_assets').where('owner', '=', `b:${id}`).execute();
      await trx.deleteFrom('brands').where('id', '=', id).execute();
    });
  }

  asset(owner: string, name: string): Promise<BrandAssetsTable | undefined> {
    return this.#db
      .selectFrom('brand_assets')
      .selectAll()
      .where('owner', '=', owner)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async putAsset(row: BrandAssetsTable): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('brand_assets')
        .where('owner', '=', row.owner)
        .where('name', '=', row.name)
        .execute();
      await trx.insertInto('brand_assets').values(row).execute();
    });
  }

  async putInstallerTheme(installerId: string, theme: string, now: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('installer_themes').where('installer_id', '=', installerId).execute();
      await trx
        .insertInto('installer_themes')
        .values({ installer_id: installerId, theme, updated_at: now })
        .execute();
    });
  }
}
