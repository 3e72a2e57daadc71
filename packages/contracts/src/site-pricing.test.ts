import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceOfSites, type SitePricing, SiteSelection, sitesFor } from './site-pricing.ts';

const GBP = { taxRate: 20, currency: { code: 'GBP', symbol: '£' } };
const SITES: SitePricing = {
  sites: [
    { resolution: '2MP', mode: 'rom', amount: 8, price: { 1: 14.99, 12: 149.9 } },
    { resolution: '4MP', mode: 'continuous', amount: 4, price: { 1: 19.99 } },
  ],
  object_detection: [{ renewal_frequency: 1, fee: 3.5 }],
  addons: [{ name: 'vehicles', renewal_frequency: 1, fee: 5 }],
};
const sel = (o: object): SiteSelection =>
  SiteSelection.parse({ resolution: '2MP', mode: 'rom', interval: 'monthly', sites: 1, ...o });

describe('sites (spec 001 §3; decision 0753)', () => {
  it('prices sites at the fee of the interval, add-ons per site, then tax and total', () => {
    expect(priceOfSites(GBP, SITES, sel({ sites: 3, addons: ['objects', 'vehicles'] }))).toEqual({
      lines: [
        { item: 'sites', quantity: 3, unitFee: 14.99, amount: 44.97 },
        { item: 'objects', quantity: 3, unitFee: 3.5, amount: 10.5 },
        { item: 'vehicles', quantity: 3, unitFee: 5, amount: 15 },
      ],
      subtotal: 70.47,
      tax: 14.09,
      total: 84.56,
      currency: { code: 'GBP', symbol: '£' },
      renewalFrequency: 1,
      taxRate: 20,
      cameras: 24,
    });
    expect(priceOfSites(GBP, SITES, sel({ interval: 'yearly', sites: 2 }))).toMatchObject({
      subtotal: 299.8,
      tax: 59.96,
      total: 359.76,
      renewalFrequency: 12,
      cameras: 16,
    });
  });

  it('refuses what the list does not sell: a resolution, an interval, an add-on', () => {
    expect(priceOfSites(GBP, SITES, sel({ resolution: '8MP' }))).toBeUndefined();
    expect(
      priceOfSites(GBP, SITES, sel({ resolution: '4MP', mode: 'continuous', interval: 'yearly' })),
    ).toBeUndefined();
    expect(priceOfSites(GBP, SITES, sel({ interval: 'yearly', addons: ['objects'] }))).toBeUndefined();
    expect(priceOfSites(GBP, SITES, sel({ addons: ['ppe'] }))).toBeUndefined();
  });

  it('counts the sites cameras need: each site covers up to its amount', () => {
    expect([sitesFor(1, 8), sitesFor(8, 8), sitesFor(9, 8), sitesFor(24, 8), sitesFor(0, 8)]).toEqual([
      1, 1, 2, 3, 1,
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 64 }), (cameras, amount) => {
        const n = sitesFor(cameras, amount);
        return n * amount >= cameras && (n - 1) * amount < cameras;
      }),
    );
  });
});
