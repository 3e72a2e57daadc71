import { createHash } from 'node:crypto';
import {
  BRAND_ASSET_MAX_BYTES,
  type BrandAdmin,
  type BrandAssetBody,
  type BrandAssetName,
  BrandInput,
  type BrandList,
  type BrandTheme,
  CreateBrandBody,
  contrastRatio,
  type InstallerBrand,
  type InstallerTheme,
  MIN_COLOUR_CONTRAST_RATIO,
  themePairs,
} from '@vigil/contracts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { assetUrl, type IndexedBrand } from './brand-index.ts';
import type { BrandService } from './brand-service.ts';
import type { BrandRow, BrandsRepository } from './brands-repository.ts';

/**
 * Spec 000 §5: refuses a theme whose text and background colours (after the defaults, and over the brand's for an
 * installer) contrast less than 4.5, naming the first failing pair and its ratio.
 */
export function checkContrast(theme: BrandTheme): void {
  for (const p of themePairs(theme)) {
    const ratio = contrastRatio(p.text, p.background);
    if (ratio < MIN_COLOUR_CONTRAST_RATIO)
      throw new HttpError(
        400,
        'contrast_too_low',
        `${p.pair}: ${p.text} on ${p.background} has a contrast ratio of ${ratio.toFixed(2)}, below the ${MIN_COLOUR_CONTRAST_RATIO} required`,
      );
  }
}

const toAdmin = (b: IndexedBrand): BrandAdmin => ({
  ...b.public,
  // What support saved, not what the host offers (only the configured providers, decision 0830).
  ssoProviders: JSON.parse(b.row.sso_providers) as string[],
  hosts: b.hosts,
  termsMarkdown: b.row.terms_md ?? undefined,
  privacyMarkdown: b.row.privacy_md ?? undefined,
  updatedAt: b.row.updated_at,
});

/** An image as stored: its type, bytes (base64) and hash, refused past the size cap or when it is not one. */
function imageRow(owner: string, name: string, body: BrandAssetBody, now: number) {
  const bytes = Buffer.from(body.data, 'base64');
  if (bytes.length === 0) throw badRequest('The image is empty');
  if (bytes.length > BRAND_ASSET_MAX_BYTES)
    throw badRequest(`Images are limited to ${BRAND_ASSET_MAX_BYTES} bytes`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    owner,
    name,
    content_type: body.contentType,
    data: bytes.toString('base64'),
    sha256,
    updated_at: now,
  };
}

export interface BrandAdminDeps {
  repo: BrandsRepository;
  brands: BrandService;
  now: () => number;
  /** The caller's installer id when it is an installer in good standing (features/partners). */
  installerIdOf: (caller: Caller) => Promise<string | undefined>;
}

/** Support manages brands; an installer sets its own logo and colours for its customers (decision 0820). */
export class BrandAdminService {
  readonly #d: BrandAdminDeps;
  constructor(d: BrandAdminDeps) {
    this.#d = d;
  }

  async list(caller: Caller): Promise<BrandList> {
    requireSupport(caller);
    const index = await this.#d.brands.index();
    return { brands: [...index.byId.values()].map(toAdmin) };
  }

  async create(caller: Caller, body: CreateBrandBody): Promise<BrandAdmin> {
    requireSupport(caller);
    const input = CreateBrandBody.parse(body);
    if ((await this.#d.brands.index()).byId.has(input.id)) throw conflict('A brand with this id exists');
    return this.#save(input.id, input, true, false);
  }

  async update(caller: Caller, id: string, body: BrandInput): Promise<BrandAdmin> {
    requireSupport(caller);
    const current = await this.#d.brands.byId(id);
    return this.#save(id, BrandInput.parse(body), false, current.row.main_brand === 1);
  }

  async remove(caller: Caller, id: string): Promise<true> {
    requireSupport(caller);
    const current = await this.#d.brands.byId(id);
    if (current.row.main_brand === 1) throw badRequest('The main brand cannot be deleted');
    await this.#d.repo.remove(id);
    this.#d.brands.invalidate();
    return true;
  }

  async putAsset(
    caller: Caller,
    id: string,
    name: BrandAssetName,
    body: BrandAssetBody,
  ): Promise<BrandAdmin> {
    requireSupport(caller);
    await this.#d.brands.byId(id);
    await this.#d.repo.putAsset(imageRow(`b:${id}`, name, body, this.#d.now()));
    this.#d.brands.invalidate();
    return toAdmin(await this.#d.brands.byId(id));
  }

  async installerBrand(caller: Caller): Promise<InstallerBrand> {
    const installerId = await this.#installer(caller);
    const index = await this.#d.brands.index();
    const logo = index.installerAssets.get(installerId)?.get('logo.png');
    return {
      installerId,
      theme: index.installerThemes.get(installerId) ?? {},
      logo: logo && assetUrl(index.main.row.id, 'logo.png', logo, installerId),
    };
  }

  /** Checked over every brand: an installer's customers may be on any host, so no brand may make it fail. */
  async setInstallerTheme(caller: Caller, theme: InstallerTheme, hostBrand: string): Promise<InstallerBrand> {
    const installerId = await this.#installer(caller);
    checkContrast({ ...(await this.#d.brands.byId(hostBrand)).public.theme, ...theme });
    await this.#d.repo.putInstallerTheme(installerId, JSON.stringify(theme), this.#d.now());
    this.#d.brands.invalidate();
    return this.installerBrand(caller);
  }

  async putInstallerLogo(caller: Caller, body: BrandAssetBody): Promise<InstallerBrand> {
    const installerId = await this.#installer(caller);
    await this.#d.repo.putAsset(imageRow(`i:${installerId}`, 'logo.png', body, this.#d.now()));
    this.#d.brands.invalidate();
    return this.installerBrand(caller);
  }

  async #installer(caller: Caller): Promise<string> {
    const id = caller.accountType === 'i' ? await this.#d.installerIdOf(caller) : undefined;
    if (!id) throw forbidden('Only installers set their own logo and colours');
    return id;
  }

  async #save(id: string, input: BrandInput, create: boolean, main: boolean): Promise<BrandAdmin> {
    checkContrast(input.theme);
    const hosts = [...new Set(input.hosts)];
    const taken = await this.#d.repo.hostsTaken(hosts, id);
    if (taken.length > 0)
      throw new HttpError(409, 'brand_host_taken', `Another brand answers on ${taken.join(', ')}`);
    const row: BrandRow = {
      id,
      name: input.name,
      main_brand: main ? 1 : 0,
      can_register: +input.canRegister,
      can_sell_hardware: +input.canSellHardware,
      full_white_label: +input.fullWhiteLabel,
      hide_portal_link: +input.hidePortalLink,
      named_partner: +input.namedPartner,
      takeaway_vendor: +input.takeawayVendor,
      analytics: +input.analytics,
      analytics_in_demo: +input.analyticsInDemo,
      sso_providers: JSON.stringify(input.ssoProviders),
      return_link: input.returnLink ?? null,
      product_updates_url: input.productUpdatesUrl ?? null,
      terms_url: input.termsUrl ?? null,
      privacy_url: input.privacyUrl ?? null,
      theme: JSON.stringify(input.theme),
      footer: JSON.stringify(input.footer ?? {}),
      terms_md: input.termsMarkdown?.trim() ? input.termsMarkdown : null,
      privacy_md: input.privacyMarkdown?.trim() ? input.privacyMarkdown : null,
      updated_at: this.#d.now(),
    };
    await this.#d.repo.save(row, hosts, create);
    this.#d.brands.invalidate();
    const saved = (await this.#d.brands.index()).byId.get(id);
    if (!saved) throw notFound('No such brand');
    return toAdmin(saved);
  }
}

function requireSupport(caller: Caller): void {
  if (caller.accountType !== 's') throw forbidden('Only support manages brands');
}
