import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  discountRegion,
  type PricingData,
  priceOf,
  renewalFrequency,
  roundPrice,
  selectTier,
  storageYears,
  taxOf,
} from './pricing.ts';

const TIERS = [
  { camLowerLimit: 1, fee: 2.99 },
  { camLowerLimit: 10, fee: 2.79 },
  { camLowerLimit: 50, fee: 2.49 },
];

describe('pricing rules of spec 001 §9', () => {
  it('selects the tier with the highest camLowerLimit not exceeding the camera count', () => {
    expect(selectTier(TIERS, 1)?.fee).toBe(2.99);
    expect(selectTier(TIERS, 9)?.fee).toBe(2.99);
    expect(selectTier(TIERS, 10)?.fee).toBe(2.79);
    expect(selectTier(TIERS, 49)?.fee).toBe(2.79);
    expect(selectTier(TIERS, 50)?.fee).toBe(2.49);
    expect(selectTier(TIERS, 999)?.fee).toBe(2.49);
    expect(selectTier(TIERS, 0)).toBeUndefined();
    // Order of the list does not matter.
    expect(selectTier([...TIERS].reverse(), 12)?.fee).toBe(2.79);
  });

  it('the chosen tier never has a limit above the count, and no higher eligible tier exists (property)', () => {
    const tiers = fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(tiers, fc.integer({ min: 1, max: 600 }), (limits, n) => {
        const t = selectTier(
          limits.map((l) => ({ camLowerLimit: l, fee: l })),
          n,
        );
        const eligible = limits.filter((l) => l <= n);
        expect(t?.camLowerLimit).toBe(eligible.length ? Math.max(...eligible) : undefined);
      }),
    );
  });

  it('rounds to 2 decimals', () => {
    expect(roundPrice(2.99 * 3)).toBe(8.97);
    expect(roundPrice(1.005)).toBe(1.01);
    expect(roundPrice(2.345)).toBe(2.35);
    expect(roundPrice(4.49 * 7)).toBe(31.43);
    expect(roundPrice(0.1 + 0.2)).toBe(0.3);
  });

  it('tax is rate times amount, the rate a percentage divided by 100 once', () => {
    expect(taxOf(100, 20)).toBe(20);
    expect(taxOf(8.97, 20)).toBe(1.79);
    expect(taxOf(2.39, 20)).toBe(0.48);
    expect(taxOf(29.9, 0)).toBe(0);
    expect(taxOf(10, 7.5)).toBe(0.75);
  });

  it('renews yearly every 12 months and monthly every 1', () => {
    expect(renewalFrequency('yearly')).toBe(12);
    expect(renewalFrequency('monthly')).toBe(1);
  });

  it('shows storage in years at multiples of 365 or 365 plus 1', () => {
    expect(storageYears(30)).toBeUndefined();
    expect(storageYears(364)).toBeUndefined();
    expect(storageYears(365)).toBe(1);
    expect(storageYears(366)).toBe(1);
    expect(storageYears(367)).toBeUndefined();
    expect(storageYears(730)).toBe(2);
    expect(storageYears(731)).toBe(2);
    expect(storageYears(1095)).toBe(3);
  });

  it('maps currency symbols from the platform', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('AUD')).toBe('A$');
    expect(currencySymbol('CAD')).toBe('CA$');
    expect(currencySymbol('NZD')).toBe('NZ$');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('ZZZ')).toBe('ZZZ');
  });

  it('places countries in the discount regions, with test and production identifiers apart', () => {
    expect(discountRegion('NG', 'production')).toBe('region_africa');
    expect(discountRegion('BR', 'production')).toBe('region_south_america');
    expect(discountRegion('MX', 'production')).toBe('region_north_america');
    expect(discountRegion('IN', 'production')).toBe('region_asia');
    expect(discountRegion('IN', 'test')).toBe('test_region_asia');
    expect(discountRegion('US', 'production')).toBeUndefined();
    expect(discountRegion('CA', 'test')).toBeUndefined();
    expect(discountRegion('JP', 'production')).toBeUndefined();
    expect(discountRegion('SG', 'production')).toBeUndefined();
    expect(discountRegion('GB', 'production')).toBeUndefined();
    expect(discountRegion('AU', 'production')).toBeUndefined();
  });
});

const LIST: PricingData = {
  id: 'test',
  plans: [
    { resolution: '2MP', mode: 'rom', storageDays: 30, interval: 'monthly', tiers: TIERS },
    {
      resolution: '2MP',
      mode: 'rom',
      storageDays: 30,
      interval: 'yearly',
      tiers: [{ camLowerLimit: 1, fee: 32.29 }],
    },
  ],
  addons: [
    { name: 'vehicles', renewal_frequency: 1, fee: 1.5 },
    { name: 'vehicles', renewal_frequency: 12, fee: 16.2 },
  ],
  taxRate: 20,
  currency: { code: 'GBP', symbol: '£' },
  discountRegion: null,
};

describe('priceOf', () => {
  it('prices cameras at their tier, add-ons per camera, then tax and total', () => {
    const p = priceOf(LIST, {
      resolution: '2MP',
      mode: 'rom',
      storageDays: 30,
      interval: 'monthly',
      cameras: 3,
      addons: ['vehicles'],
    });
    expect(p).toEqual({
      lines: [
        { item: 'cameras', quantity: 3, unitFee: 2.99, amount: 8.97 },
        { item: 'vehicles', quantity: 3, unitFee: 1.5, amount: 4.5 },
      ],
      subtotal: 13.47,
      tax: 2.69,
      total: 16.16,
      currency: { code: 'GBP', symbol: '£' },
      renewalFrequency: 1,
      taxRate: 20,
    });
  });

  it('uses the yearly add-on price for a yearly plan and refuses what the list does not sell', () => {
    const yearly = {
      resolution: '2MP',
      mode: 'rom',
      storageDays: 30,
      interval: 'yearly',
      cameras: 2,
    } as const;
    expect(priceOf(LIST, { ...yearly, addons: ['vehicles'] })?.subtotal).toBe(96.98);
    expect(priceOf(LIST, { ...yearly, addons: ['ppe'] })).toBeUndefined();
    expect(priceOf(LIST, { ...yearly, storageDays: 90, addons: [] })).toBeUndefined();
  });
});
