import type { PricingData } from '@vigil/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingEn } from '../../shared/i18n/billing.en.ts';
import { en } from '../../shared/i18n/en.ts';
import { Translator } from '../../shared/i18n/translator.ts';
import { DEFAULT_PLAN, fitToList, money, planText, storageText } from './plan-format.ts';

const tiers = [{ camLowerLimit: 1, fee: 1 }];
const LIST: PricingData = {
  id: 'l',
  plans: [7, 90, 365].map((storageDays) => ({
    resolution: '2MP' as const,
    mode: 'rom' as const,
    storageDays,
    interval: 'monthly' as const,
    tiers,
  })),
  addons: [],
  taxRate: 0,
  currency: { code: 'USD', symbol: '$' },
  discountRegion: null,
};

const translator = new Translator();
beforeAll(() => {
  translator.init({ lng: 'en', resources: { en: { translation: { ...en, ...billingEn } } } });
});

describe('plan texts', () => {
  it('shows storage in days, or in years at 365 and 365 + 1', () => {
    const t = translator.t;
    expect(storageText(1, t)).toBe('1 day');
    expect(storageText(30, t)).toBe('30 days');
    expect(storageText(365, t)).toBe('1 year');
    expect(storageText(366, t)).toBe('1 year');
    expect(storageText(730, t)).toBe('2 years');
  });

  it('writes a plan on one line and money with its symbol', () => {
    expect(planText({ ...DEFAULT_PLAN, cameras: 3, addons: ['vehicles'] }, translator.t)).toBe(
      '3 cameras · 2MP · Record on motion · 30 days · Monthly · Licence plate recognition',
    );
    expect(money(2.39, 'GBP', 'en')).toBe('£2.39');
    expect(money(4.49, 'AUD', 'en')).toBe('A$4.49');
  });

  it('moves the storage onto one the list sells, keeping a sold one', () => {
    expect(fitToList(DEFAULT_PLAN, LIST).storageDays).toBe(7);
    expect(fitToList({ ...DEFAULT_PLAN, storageDays: 90 }, LIST).storageDays).toBe(90);
  });
});
