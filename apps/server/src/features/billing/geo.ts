import { countryFacts, currencySymbol, DEFAULT_GEO, type GeoInfo } from '@vigil/contracts';

/** What a visitor's request says about where they are: the client address and the headers that may help. */
export interface GeoRequest {
  ip: string;
  acceptLanguage?: string;
  /** A country header set by a trusted front (e.g. a CDN's country header); read only behind TRUST_PROXY. */
  proxyCountry?: string;
}

/**
 * Where a visitor is (spec 000 §7 "IP geolocation", decision 0740). A real lookup plugs in here: an offline
 * database of address ranges shipped as a package, or a provider's API. Whatever it is, a failure answers the
 * spec's default, US, USD, $.
 */
export interface GeoLocator {
  locate(req: GeoRequest): Promise<GeoInfo>;
}

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** The geo info of a country code the table knows, else undefined. */
export function geoOfCountry(countryCode: string): GeoInfo | undefined {
  const cc = countryCode.trim().toUpperCase();
  const facts = /^[A-Z]{2}$/.test(cc) ? countryFacts(cc) : undefined;
  if (!facts) return undefined;
  return {
    country_code: cc,
    country_name: COUNTRY_NAMES.of(cc) ?? cc,
    continent_code: facts.continent,
    currency: { code: facts.currency, symbol: currencySymbol(facts.currency) },
  };
}

export const DEFAULT_GEO_INFO: GeoInfo = { ...DEFAULT_GEO, continent_code: 'NA' };

/** The region of the first Accept-Language tag that names one (`en-GB` → GB, `fr` → none). */
export function countryOfLanguage(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const region = tag.split('-').find((sub, i) => i > 0 && /^[A-Za-z]{2}$/.test(sub));
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/**
 * The embedded default (decision 0740): no address database ships with the server, so it trusts, in order, a
 * front's country header (only when TRUST_PROXY says a front sets it), the browser's language region, then the
 * spec's default. Honest about what it is: a visitor's own settings, not their address.
 */
export class EmbeddedGeoLocator implements GeoLocator {
  readonly #trustProxy: boolean;
  constructor(opts: { trustProxy: boolean }) {
    this.#trustProxy = opts.trustProxy;
  }

  async locate(req: GeoRequest): Promise<GeoInfo> {
    const fromProxy = this.#trustProxy && req.proxyCountry ? geoOfCountry(req.proxyCountry) : undefined;
    if (fromProxy) return fromProxy;
    const lang = countryOfLanguage(req.acceptLanguage);
    return (lang && geoOfCountry(lang)) || DEFAULT_GEO_INFO;
  }
}
