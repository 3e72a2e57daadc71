import type {
  BrandColours,
  BrandDocument,
  BrandDocumentKind,
  BrandTheme,
  PublicBrand,
} from '@vigil/contracts';
import { notFound } from '../../http/errors.ts';
import { assetUrl, type BrandIndex, buildIndex, type IndexedBrand, normaliseHost } from './brand-index.ts';
import type { BrandsRepository } from './brands-repository.ts';
import { documentTemplate } from './templates.ts';

/**
 * How long a server keeps brands in memory before reading them again: a change made on another server of a fleet
 * shows within this time; one made here shows at once (the writer invalidates).
 */
export const BRANDS_CACHE_MS = 5_000;

/**
 * Brands as data (spec 000 §1, 001 §3; decision 0820): which brand a host is, its white-label configuration with an
 * installer's overrides, its documents. What other server features call: `brandForHost(host)`.
 */
export class BrandService {
  readonly #repo: BrandsRepository;
  readonly #now: () => number;
  readonly #ssoProviders: readonly string[];
  readonly #ssoNames: Readonly<Record<string, string>>;
  #index: { at: number; value: Promise<BrandIndex> } | undefined;

  constructor(d: {
    repo: BrandsRepository;
    now: () => number;
    ssoProviders?: readonly string[];
    ssoProviderNames?: Readonly<Record<string, string>>;
  }) {
    this.#ssoNames = d.ssoProviderNames ?? {};
    this.#repo = d.repo;
    this.#now = d.now;
    this.#ssoProviders = d.ssoProviders ?? [];
  }

  /** Every brand, read once per BRANDS_CACHE_MS. */
  index(): Promise<BrandIndex> {
    const now = this.#now();
    if (!this.#index || now - this.#index.at >= BRANDS_CACHE_MS || now < this.#index.at) {
      const value = this.#repo
        .snapshot()
        .then((snapshot) => buildIndex(snapshot, this.#ssoProviders, this.#ssoNames));
      // A failed read is not kept: the next call tries again.
      value.catch(() => {
        if (this.#index?.value === value) this.#index = undefined;
      });
      this.#index = { at: now, value };
    }
    return this.#index.value;
  }

  /** After a write here: the next call reads the tables again. */
  invalidate(): void {
    this.#index = undefined;
  }

  /** The brand a host belongs to; an unknown host (or none) gets the main brand. */
  async indexedForHost(host: string | undefined): Promise<IndexedBrand> {
    const index = await this.index();
    return (host && index.byHost.get(normaliseHost(host))) || index.main;
  }

  /** The brand of a request's host, as the web app reads it (spec 000 §1). */
  async brandForHost(host: string | undefined): Promise<PublicBrand> {
    return (await this.indexedForHost(host)).public;
  }

  async byId(id: string): Promise<IndexedBrand> {
    const b = (await this.index()).byId.get(id);
    if (!b) throw notFound('No such brand');
    return b;
  }

  /**
   * The brand's theme with an installer's overrides on top (spec 001 §3: installers get their own logo and colours
   * when an installer id is present). An installer without overrides changes nothing.
   */
  async themeOf(brandId: string, installerId?: string): Promise<BrandTheme> {
    const brand = await this.byId(brandId);
    const own = installerId ? (await this.index()).installerThemes.get(installerId) : undefined;
    return { ...brand.public.theme, ...own };
  }

  /** colours.json (spec 001 §7): the white-label configuration of a brand, or of an installer within it. */
  async colours(brandId: string, installerId?: string): Promise<BrandColours> {
    const brand = await this.byId(brandId);
    const index = await this.index();
    const own = installerId ? index.installerAssets.get(installerId) : undefined;
    const image = (name: string) =>
      own?.has(name)
        ? assetUrl(brandId, name, own.get(name), installerId)
        : assetUrl(brandId, name, brand.assets.get(name));
    const optional = (name: string) => (own?.has(name) || brand.assets.has(name) ? image(name) : undefined);
    return {
      ...(await this.themeOf(brandId, installerId)),
      logo: image('logo.png'),
      favicon: image('favicon'),
      appLayoutLogo: optional('appLayoutLogo'),
      appLayoutLogoSmall: optional('appLayoutLogoSmall'),
      returnLink: brand.public.returnLink,
    };
  }

  /** A brand's terms or privacy document: its own markdown, or the plain template with its name. */
  async document(host: string | undefined, kind: BrandDocumentKind): Promise<BrandDocument> {
    const { row } = await this.indexedForHost(host);
    const own = kind === 'terms' ? row.terms_md : row.privacy_md;
    return { brand: row.name, kind, markdown: own ?? documentTemplate(kind, row.name) };
  }
}
