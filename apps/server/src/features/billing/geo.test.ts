import { describe, expect, it } from 'vitest';
import { countryOfLanguage, EmbeddedGeoLocator, geoOfCountry } from './geo.ts';
import { addMonths } from './mapping.ts';
import { defaultPriceList } from './price-lists.ts';

describe('embedded geolocation (decision 0740)', () => {
  it('reads the region of the first language tag that has one', () => {
    expect(countryOfLanguage('en-GB,en;q=0.9')).toBe('GB');
    expect(countryOfLanguage('fr, de-AT;q=0.8')).toBe('AT');
    expect(countryOfLanguage('zh-Hant-TW')).toBe('TW');
    expect(countryOfLanguage('es-419')).toBeUndefined();
    expect(countryOfLanguage(undefined)).toBeUndefined();
  });

  it('names the country and its currency', () => {
    expect(geoOfCountry('nz')).toEqual({
      country_code: 'NZ',
      country_name: 'New Zealand',
      continent_code: 'OC',
      currency: { code: 'NZD', symbol: 'NZ$' },
    });
    expect(geoOfCountry('XX')).toBeUndefined();
  });

  it('trusts a front’s country header only behind TRUST_PROXY, and falls back to US, USD, $', async () => {
    const req = { ip: '203.0.113.9', proxyCountry: 'DE', acceptLanguage: 'en-AU' };
    expect((await new EmbeddedGeoLocator({ trustProxy: true }).locate(req)).country_code).toBe('DE');
    expect((await new EmbeddedGeoLocator({ trustProxy: false }).locate(req)).country_code).toBe('AU');
    expect(await new EmbeddedGeoLocator({ trustProxy: false }).locate({ ip: '203.0.113.9' })).toEqual({
      country_code: 'US',
      country_name: 'United States',
      continent_code: 'NA',
      currency: { code: 'USD', symbol: '$' },
    });
  });
});

describe('default price list (decision 0740)', () => {
  const plan = (
    list: ReturnType<typeof defaultPriceList>,
    days: number,
    interval: string,
    mode = 'rom',
    res = '2MP',
  ) =>
    list.plans.find(
      (p) => p.resolution === res && p.mode === mode && p.storageDays === days && p.interval === interval,
    );

  it('anchors the spec table and derives the rest', () => {
    const usd = defaultPriceList({ currency: 'USD', country: 'US' }, 'test');
    expect(plan(usd, 30, 'monthly')?.tiers).toEqual([
      { camLowerLimit: 1, fee: 2.99 },
      { camLowerLimit: 10, fee: 2.84 },
      { camLowerLimit: 50, fee: 2.69 },
    ]);
    // 2.99 × 12 × 0.9
    expect(plan(usd, 30, 'yearly')?.tiers[0]).toEqual({ camLowerLimit: 1, fee: 32.29 });
    // 2.99 × 2 (8MP) × 1.5 (continuous) × 5 (365 days)
    expect(plan(usd, 365, 'monthly', 'continuous', '8MP')?.tiers[0]?.fee).toBe(44.85);
    expect(usd.taxRate).toBe(0);
    expect(defaultPriceList({ currency: 'GBP', country: 'GB' }, 'test').taxRate).toBe(20);
    // A currency without a price is priced in USD.
    expect(defaultPriceList({ currency: 'JPY', country: 'JP' }, 'test').currency).toEqual({
      code: 'USD',
      symbol: '$',
    });
    // USD in a discount region, with the production identifiers in production.
    const kenya = defaultPriceList({ currency: 'USD', country: 'KE' }, 'production');
    expect(kenya.discountRegion).toBe('region_africa');
    expect(plan(kenya, 30, 'monthly')?.tiers[0]?.fee).toBe(2.49);
  });
});

describe('addMonths', () => {
  it('keeps the day, clamped to the month’s last', () => {
    expect(new Date(addMonths(Date.UTC(2026, 0, 31, 10), 1)).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2026, 10, 24), 12)).toISOString()).toBe('2027-11-24T00:00:00.000Z');
  });
});
