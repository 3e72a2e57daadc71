import type { Db } from '@vigil/db';
import type { FeatureRoutes } from '../../http/feature-routes.ts';
import type { Caller } from '../../shared/caller.ts';
import { BrandAdminService } from './brand-admin.ts';
import { BrandAssets } from './brand-assets.ts';
import { brandedIndex } from './brand-page.ts';
import { BrandService } from './brand-service.ts';
import { BrandsRepository } from './brands-repository.ts';
import { MailBranding } from './mail-branding.ts';
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
  /** The ids of the configured single sign-on providers (SSO_PROVIDERS): what brands may offer (decision 0830). */
  ssoProviders?: readonly string[];
  /** Their buttons' labels by id (SSO_PROVIDERS' names). */
  ssoProviderNames?: Readonly<Record<string, string>>;
  /** Where e-mails' links point unless sent for a brand's host. */
  publicUrl: string;
  /** The account an e-mail address signs in (auth's directory): whom a mail sent outside a request is for. */
  uidOfEmail?: (email: string) => Promise<string | undefined>;
}) {
  const repo = new BrandsRepository(d.db);
  const brands = new BrandService({
    repo,
    now: d.now,
    ssoProviders: d.ssoProviders,
    ssoProviderNames: d.ssoProviderNames,
  });
  const assets = new BrandAssets({ repo, brands });
  const admin = new BrandAdminService({ repo, brands, now: d.now, installerIdOf: d.installerIdOf });
  const mail = new MailBranding({
    brands,
    repo,
    now: d.now,
    publicUrl: d.publicUrl,
    uidOfEmail: d.uidOfEmail,
  });
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
  return { brands, admin, routes, page, mail };
}
