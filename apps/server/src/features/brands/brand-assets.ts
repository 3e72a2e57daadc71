import { createHash } from 'node:crypto';
import { type BrandAssetName, DEFAULT_BRAND_THEME } from '@vigil/contracts';
import { notFound } from '../../http/errors.ts';
import type { BrandService } from './brand-service.ts';
import type { BrandsRepository } from './brands-repository.ts';
import { defaultMark } from './default-mark.ts';

export interface Asset {
  contentType: string;
  body: Buffer;
  /** A strong ETag: the image's SHA-256. */
  etag: string;
}

/** Pixel sizes of the drawn mark when a brand uploaded none: a logo for pages and e-mails, a favicon for tabs. */
const DRAWN_SIZE: Partial<Record<BrandAssetName, number>> = { 'logo.png': 128, favicon: 64 };

/**
 * A brand's images (spec 001 §7: logo.png and favicon per brand and installer): an installer's own, else the
 * brand's upload, else the product's mark drawn in the brand's accent colour.
 */
export class BrandAssets {
  readonly #d: { repo: BrandsRepository; brands: BrandService };
  readonly #drawn = new Map<string, Asset>();
  constructor(d: { repo: BrandsRepository; brands: BrandService }) {
    this.#d = d;
  }

  async get(brandId: string, name: BrandAssetName, installerId?: string): Promise<Asset> {
    const brand = await this.#d.brands.byId(brandId);
    const owners = installerId ? [`i:${installerId}`, `b:${brandId}`] : [`b:${brandId}`];
    for (const owner of owners) {
      const row = await this.#d.repo.asset(owner, name);
      if (row)
        return {
          contentType: row.content_type,
          body: Buffer.from(row.data, 'base64'),
          etag: `"${row.sha256}"`,
        };
    }
    const size = DRAWN_SIZE[name];
    if (!size) throw notFound(`${brand.row.name} has no ${name}`);
    const theme = await this.#d.brands.themeOf(brandId, installerId);
    return this.#draw(theme.accentColour ?? DEFAULT_BRAND_THEME.accentColour, size);
  }

  #draw(accent: string, size: number): Asset {
    const key = `${accent}/${size}`;
    let asset = this.#drawn.get(key);
    if (!asset) {
      const body = defaultMark(accent, size);
      asset = {
        contentType: 'image/png',
        body,
        etag: `"${createHash('sha256').update(body).digest('hex')}"`,
      };
      this.#drawn.set(key, asset);
    }
    return asset;
  }
}
