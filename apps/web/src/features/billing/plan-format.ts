import {
  DEFAULT_INTERVAL,
  DEFAULT_STORAGE_DAYS,
  formatPrice,
  type PlanSelection,
  type PricingData,
  storageOptions,
  storageYears,
} from '@vigil/contracts';
import type { TFunction } from '../../shared/i18n/translator.ts';
import '../../shared/i18n/billing.texts.ts';

/** The plan the chooser starts on: 2MP, record on motion, the default (Popular) storage, monthly, one camera. */
export const DEFAULT_PLAN: PlanSelection = {
  resolution: '2MP',
  mode: 'rom',
  storageDays: DEFAULT_STORAGE_DAYS,
  interval: DEFAULT_INTERVAL,
  cameras: 1,
  addons: [],
};

/** Storage as people read it: years at multiples of 365 (or 365 + 1), else days (spec 001 §9). */
export function storageText(days: number, t: TFunction): string {
  const years = storageYears(days);
  return years === undefined
    ? t('billing.storageDays', { count: days })
    : t('billing.storageYears', { count: years });
}

export const money = (amount: number, currency: string, language: string): string =>
  formatPrice(amount, currency, language);

/** The selection moved onto what the list sells: a storage the list has for the chosen resolution and mode. */
export function fitToList(plan: PlanSelection, list: PricingData): PlanSelection {
  const options = storageOptions(list, plan);
  if (options.length === 0 || options.includes(plan.storageDays)) return plan;
  const fallback = options.includes(DEFAULT_STORAGE_DAYS) ? DEFAULT_STORAGE_DAYS : (options[0] as number);
  return { ...plan, storageDays: fallback };
}

/** One line of a plan, e.g. "3 cameras · 2MP · Record on motion · 30 days · Monthly". */
export function planText(plan: PlanSelection, t: TFunction): string {
  return [
    t('billing.cameraCount', { count: plan.cameras }),
    plan.resolution,
    t(`billing.modes.${plan.mode}`),
    storageText(plan.storageDays, t),
    t(`billing.intervals.${plan.interval}`),
    ...plan.addons.map((a) => t(`billing.addons.${a}`)),
  ].join(' · ');
}
