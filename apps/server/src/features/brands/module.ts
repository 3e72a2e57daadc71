import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { Caller } from '../../shared/caller.ts';
import { BrandAdminService } from './brand-admin.ts';
import { BrandAssets } from './brand-assets.ts';
import { brandedIndex } from './brand-page.ts';
import { BrandService } from './brand-service.ts';
import { BrandsRepository } from './brands-repository.ts';
import { brandRoutes, manageBrandRoutes } from './routes.ts';

/**
 * Builds the brands feature (decision 0820): `brands.brandForHost(host)` for any feature, the web app's page per
 * brand (`page`), brand assets, support's management and installers' overrides.
 */
export function createBrands(d: {
  db: Db;
  now: () => number;
  /** The caller's installer id while it is an installer in good standing (features/partners' service). */
  installerIdOf: (caller: Caller) => Promise<string | undefined>;
}) {
  const repo = new BrandsRepository(d.db);
  const brands = new BrandService({ repo, now: d.now });
  const assets = new BrandAssets({ repo, brands });
  const admin = new BrandAdminService({ repo, brands, now: d.now, installerIdOf: d.installerIdOf });
  const routes: FeatureRoutes = async (app) => {
    await app.register(brandRoutes, { brands, assets });
    await app.register(manageBrandRoutes, { brands, admin });
  };
  // The rendered page per brand, kept while the brand is the same object (the index is rebuilt when brands change).
  const pages = new WeakMap<object, Buffer>();
  /** The web app's index.html for a request's host, its brand in it before first paint. */
  const page = async (html: string, host: string | undefined): Promise<Buffer> => {
    const brand = await brands.brandForHost(host);
    let out = pages.get(brand);
    if (!out) {
      out = Buffer.from(brandedIndex(html, brand));
      pages.set(brand, out);
    }
    return out;
  };
  return { brands, admin, routes, page };
}
