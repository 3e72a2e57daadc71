import type { GeoInfo } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import type { GeoLocator } from './geo.ts';
import type { PriceContext } from './price-lists.ts';

/** A front's country headers, read only behind TRUST_PROXY (geo.ts). */
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const;

/** Where the request comes from: `req.ip` is already the forwarded address when TRUST_PROXY is set (app.ts). */
export function geoOf(locator: GeoLocator, req: FastifyRequest): Promise<GeoInfo> {
  const header = COUNTRY_HEADERS.map((h) => req.headers[h]).find((v) => typeof v === 'string');
  return locator.locate({
    ip: req.ip,
    acceptLanguage: req.headers['accept-language'],
    proxyCountry: header as string | undefined,
  });
}

/** The price context of a request: the chosen currency (else the visitor's) and the visitor's country. */
export async function priceContextOf(
  locator: GeoLocator,
  req: FastifyRequest,
  currency: string | undefined,
  uid?: string,
): Promise<PriceContext> {
  const geo = await geoOf(locator, req);
  return { currency: currency ?? geo.currency.code, country: geo.country_code, uid };
}
