import { BrandFooter, BrandTheme, InstallerTheme, type PublicBrand } from '@vigil/contracts';
import type { AssetMeta, BrandRow, BrandsSnapshot } from './brands-repository.ts';

/** One brand as the service keeps it: its row, hosts, uploaded images and what the web app reads. */
export interface IndexedBrand {
  row: BrandRow;
  hosts: string[];
  assets: Map<string, AssetMeta>;
  public: PublicBrand;
}

/** Every brand by id and by host, the main one, installers' overrides: built from one snapshot of the tables. */
export interface BrandIndex {
  byId: Map<string, IndexedBrand>;
  byHost: Map<string, IndexedBrand>;
  main: IndexedBrand;
  installerThemes: Map<string, InstallerTheme>;
  /** Installers' uploaded images, by installer id. */
  installerAssets: Map<string, Map<string, AssetMeta>>;
}

/** Where an image of a brand (`b:<id>`) or installer is served, with its version so a change is fetched at once. */
export const assetUrl = (brandId: string, name: string, meta?: AssetMeta, installerId?: string) =>
  `/brands/${brandId}${installerId ? `/installers/${installerId}` : ''}/${name}${meta ? `?v=${meta.sha256.slice(0, 12)}` : ''}`;

const bool = (n: number) => n === 1;
const opt = (s: string | null) => s ?? undefined;

/** A stored theme, read leniently: a field a later version no longer accepts is dropped, not fatal. */
export function readTheme(json: string): BrandTheme {
  const parsed = BrandTheme.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
}

/** A stored footer (decision 0827), read leniently as the theme is; none when it has neither link nor message. */
export function readFooter(json: string): BrandFooter | undefined {
  const parsed = BrandFooter.safeParse(JSON.parse(json));
  if (!parsed.success) return undefined;
  const f = parsed.data;
  return f.visitUrl || f.messages.length > 0 ? f : undefined;
}

/**
 * The single sign-on providers a brand offers (decision 0830): those it lists that the server is configured with
 * (`SSO_PROVIDERS`; a provider the server does not know would be a dead button); the main brand, listing none,
 * offers every configured provider, so a one-brand installation needs only the environment.
 */
export function offeredSsoProviders(
  listed: readonly string[],
  mainBrand: boolean,
  configured: readonly string[],
) {
  if (listed.length === 0) return mainBrand ? [...configured] : [];
  return listed.filter((p) => configured.includes(p));
}

/** The providers a brand offers and their buttons' labels (a provider without a configured name shows its id). */
function offered(
  listed: readonly string[],
  mainBrand: boolean,
  configured: readonly string[],
  names: Readonly<Record<string, string>>,
) {
  const ssoProviders = offeredSsoProviders(listed, mainBrand, configured);
  return { ssoProviders, ssoProviderNames: Object.fromEntries(ssoProviders.map((p) => [p, names[p] ?? p])) };
}

export function toPublicBrand(
  row: BrandRow,
  assets: Map<string, AssetMeta>,
  ssoConfigured: readonly string[] = [],
  ssoNames: Readonly<Record<string, string>> = {},
): PublicBrand {
  const image = (name: string) => {
    const meta = assets.get(name);
    return meta ? assetUrl(row.id, name, meta) : undefined;
  };
  return {
    id: row.id,
    name: row.name,
    mainBrand: bool(row.main_brand),
    canRegister: bool(row.can_register),
    canSellHardware: bool(row.can_sell_hardware),
    ...offered(JSON.parse(row.sso_providers) as string[], bool(row.main_brand), ssoConfigured, ssoNames),
    fullWhiteLabel: bool(row.full_white_label),
    hidePortalLink: bool(row.hide_portal_link),
    namedPartner: bool(row.named_partner),
    takeawayVendor: bool(row.takeaway_vendor),
    analytics: bool(row.analytics),
    analyticsInDemo: bool(row.analytics_in_demo),
    returnLink: opt(row.return_link),
    productUpdatesUrl: opt(row.product_updates_url),
    termsUrl: opt(row.terms_url),
    privacyUrl: opt(row.privacy_url),
    theme: readTheme(row.theme),
    footer: readFooter(row.footer),
    logo: image('logo.png'),
    favicon: image('favicon'),
    appLayoutLogo: image('appLayoutLogo'),
    appLayoutLogoSmall: image('appLayoutLogoSmall'),
  };
}

/** The product's own brand when the table has none marked main (a database emptied by hand). */
const FALLBACK_MAIN: BrandRow = {
  id: 'vigil',
  name: 'Vigil',
  main_brand: 1,
  can_register: 1,
  can_sell_hardware: 1,
  full_white_label: 0,
  hide_portal_link: 0,
  named_partner: 0,
  takeaway_vendor: 0,
  analytics: 1,
  analytics_in_demo: 0,
  sso_providers: '[]',
  return_link: null,
  product_updates_url: null,
  terms_url: null,
  privacy_url: null,
  theme: '{}',
  footer: '{}',
  terms_md: null,
  privacy_md: null,
  updated_at: 0,
};

export function buildIndex(
  s: BrandsSnapshot,
  ssoConfigured: readonly string[] = [],
  ssoNames: Readonly<Record<string, string>> = {},
): BrandIndex {
  const assetsOf = (owner: string) =>
    new Map(s.assets.filter((a) => a.owner === owner).map((a) => [a.name, a]));
  const byId = new Map<string, IndexedBrand>();
  for (const row of s.brands) {
    const assets = assetsOf(`b:${row.id}`);
    const hosts = s.hosts.filter((h) => h.brand_id === row.id).map((h) => h.host);
    byId.set(row.id, { row, hosts, assets, public: toPublicBrand(row, assets, ssoConfigured, ssoNames) });
  }
  const byHost = new Map<string, IndexedBrand>();
  for (const h of s.hosts) {
    const b = byId.get(h.brand_id);
    if (b) byHost.set(h.host, b);
  }
  const mainRow = s.brands.find((b) => b.main_brand === 1);
  const main = (mainRow && byId.get(mainRow.id)) ?? {
    row: FALLBACK_MAIN,
    hosts: [],
    assets: new Map(),
    public: toPublicBrand(FALLBACK_MAIN, new Map(), ssoConfigured, ssoNames),
  };
  const installerThemes = new Map<string, InstallerTheme>();
  for (const t of s.installerThemes) {
    const parsed = InstallerTheme.safeParse(JSON.parse(t.theme));
    if (parsed.success) installerThemes.set(t.installer_id, parsed.data);
  }
  const installerAssets = new Map<string, Map<string, AssetMeta>>();
  for (const a of s.assets)
    if (a.owner.startsWith('i:')) {
      const id = a.owner.slice(2);
      installerAssets.set(id, installerAssets.get(id) ?? new Map());
      installerAssets.get(id)?.set(a.name, a);
    }
  return { byId, byHost, main, installerThemes, installerAssets };
}

/** A request's host name as brands store it: lowercase, no port, no trailing dot. */
export function normaliseHost(host: string): string {
  const h = host.trim().toLowerCase();
  const noPort = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
  return noPort.replace(/\.$/, '');
}
