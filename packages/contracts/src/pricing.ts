import { z } from 'zod';
import { DAYS_PER_STORAGE_YEAR, PLAN_MODES, RENEWAL_FREQUENCY, RESOLUTIONS } from './constants.ts';
import { countryFacts } from './countries.ts';

// Pricing data (spec 001 §3) and its rules (spec 001 §9) as pure functions: the server prices with them, the
// plan chooser shows the same figures (decision 0740).

export const Resolution = z.enum(RESOLUTIONS);
export type Resolution = z.infer<typeof Resolution>;
export const PlanMode = z.enum(PLAN_MODES);
export type PlanMode = z.infer<typeof PlanMode>;
export const BillingInterval = z.enum(['monthly', 'yearly']);
export type BillingInterval = z.infer<typeof BillingInterval>;
/**
 * The analytics add-ons of spec 001 §1 and §3 (object detection, licence plates, people counting, PPE), named as the
 * analytics schemes of decision 0700 (`ANALYTICS_SCHEMES`) so a plan's add-ons are the schemes it licenses.
 */
export const AddonName = z.enum(['objects', 'vehicles', 'people', 'ppe']);
export type AddonName = z.infer<typeof AddonName>;

export const PriceTier = z.object({ camLowerLimit: z.number().int().min(1), fee: z.number().nonnegative() });
export type PriceTier = z.infer<typeof PriceTier>;
export const PlanPrice = z.object({
  resolution: Resolution,
  mode: PlanMode,
  storageDays: z.number().int().positive(),
  interval: BillingInterval,
  tiers: z.array(PriceTier).min(1),
});
export type PlanPrice = z.infer<typeof PlanPrice>;
export const AddonPrice = z.object({
  name: AddonName,
  renewal_frequency: z.union([z.literal(1), z.literal(12)]),
  fee: z.number().nonnegative(),
});
export type AddonPrice = z.infer<typeof AddonPrice>;
export const Currency = z.object({ code: z.string().regex(/^[A-Z]{3}$/), symbol: z.string() });
export type Currency = z.infer<typeof Currency>;

/** One price list: what a visitor in one currency (and region) pays. `taxRate` is a percentage (20 = 20 %). */
export const PricingData = z.object({
  id: z.string(),
  plans: z.array(PlanPrice),
  addons: z.array(AddonPrice),
  taxRate: z.number().min(0).max(100),
  currency: Currency,
  /** The discount region's identifier when the list is discounted, else null. */
  discountRegion: z.string().nullable(),
});
export type PricingData = z.infer<typeof PricingData>;

export const MAX_CAMERAS_PER_PLAN = 1000;
/** What a customer chooses on the plan chooser, a quote or a plan change. */
export const PlanSelection = z.strictObject({
  resolution: Resolution,
  mode: PlanMode,
  storageDays: z.number().int().positive(),
  interval: BillingInterval,
  cameras: z.number().int().min(1).max(MAX_CAMERAS_PER_PLAN),
  addons: z.array(AddonName).max(4).default([]),
});
export type PlanSelection = z.infer<typeof PlanSelection>;

export const PriceLine = z.object({
  item: z.string(),
  quantity: z.number().int(),
  unitFee: z.number(),
  amount: z.number(),
});
export const PriceBreakdown = z.object({
  lines: z.array(PriceLine),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  currency: Currency,
  renewalFrequency: z.union([z.literal(1), z.literal(12)]),
  /**
   * The rate the tax was computed at, a percentage as the list's `taxRate` (decision 0752): printed on the invoice.
   * Absent on prices fixed before it was kept (quotes and invoices stored earlier).
   */
  taxRate: z.number().min(0).max(100).optional(),
});
export type PriceBreakdown = z.infer<typeof PriceBreakdown>;

/** Spec 001 §9: the tier is the one with the highest camLowerLimit not exceeding the total camera count. */
export function selectTier(tiers: readonly PriceTier[], totalCameras: number): PriceTier | undefined {
  let best: PriceTier | undefined;
  for (const t of tiers)
    if (t.camLowerLimit <= totalCameras && (!best || t.camLowerLimit > best.camLowerLimit)) best = t;
  return best;
}

/** Spec 001 §9: prices are rounded to 2 decimals (half away from zero, robust to binary fractions like 1.005). */
export const roundPrice = (amount: number): number =>
  (Math.sign(amount) * Math.round(Number((Math.abs(amount) * 100).toPrecision(15)))) / 100;

/**
 * Spec 001 §9: tax is rate times amount. Our taxRate is kept as a percentage, so the divisor 100 applies here, once,
 * and nowhere else (decision 0740).
 */
export const taxOf = (amount: number, taxRatePercent: number): number =>
  roundPrice((amount * taxRatePercent) / 100);

/** Spec 001 §9: yearly renews every 12 months, monthly every 1. */
export const renewalFrequency = (interval: BillingInterval): 1 | 12 => RENEWAL_FREQUENCY[interval];

/** Spec 001 §9: storage shows as years when a multiple of 365 days, or of 365 plus 1 (a leap year's day). */
export function storageYears(days: number): number | undefined {
  if (days < DAYS_PER_STORAGE_YEAR) return undefined;
  if (days % DAYS_PER_STORAGE_YEAR === 0) return days / DAYS_PER_STORAGE_YEAR;
  if ((days - 1) % DAYS_PER_STORAGE_YEAR === 0) return (days - 1) / DAYS_PER_STORAGE_YEAR;
  return undefined;
}

/** The plan of a selection in a price list, if the list sells it. */
export const findPlan = (
  data: PricingData,
  s: Omit<PlanSelection, 'cameras' | 'addons'>,
): PlanPrice | undefined =>
  data.plans.find(
    (p) =>
      p.resolution === s.resolution &&
      p.mode === s.mode &&
      p.storageDays === s.storageDays &&
      p.interval === s.interval,
  );

/** The storage durations a list sells for a resolution, mode and interval, shortest first. */
export const storageOptions = (
  data: PricingData,
  s: Pick<PlanSelection, 'resolution' | 'mode' | 'interval'>,
): number[] =>
  [
    ...new Set(
      data.plans
        .filter((p) => p.resolution === s.resolution && p.mode === s.mode && p.interval === s.interval)
        .map((p) => p.storageDays),
    ),
  ].sort((a, b) => a - b);

/**
 * The price of a selection for one renewal period: cameras at their tier's fee, each add-on at its fee per camera
 * (the add-on price whose renewal_frequency matches the interval), subtotal, tax and total, each rounded to 2
 * decimals. Undefined when the list does not sell the plan, the camera count or an add-on.
 */
export function priceOf(data: PricingData, s: PlanSelection): PriceBreakdown | undefined {
  const plan = findPlan(data, s);
  const tier = plan && selectTier(plan.tiers, s.cameras);
  if (!tier) return undefined;
  const frequency = renewalFrequency(s.interval);
  const lines = [
    { item: 'cameras', quantity: s.cameras, unitFee: tier.fee, amount: roundPrice(tier.fee * s.cameras) },
  ];
  for (const name of s.addons) {
    const addon = data.addons.find((a) => a.name === name && a.renewal_frequency === frequency);
    if (!addon) return undefined;
    lines.push({
      item: name,
      quantity: s.cameras,
      unitFee: addon.fee,
      amount: roundPrice(addon.fee * s.cameras),
    });
  }
  return breakdownOf(lines, data, frequency);
}

/** A price's lines totalled: the subtotal and its tax each rounded once (spec 001 §9), in the list's currency. */
export function breakdownOf(
  lines: PriceBreakdown['lines'],
  data: Pick<PricingData, 'taxRate' | 'currency'>,
  frequency: PriceBreakdown['renewalFrequency'],
): PriceBreakdown {
  const subtotal = roundPrice(lines.reduce((sum, l) => sum + l.amount, 0));
  const tax = taxOf(subtotal, data.taxRate);
  return {
    lines,
    subtotal,
    tax,
    total: roundPrice(subtotal + tax),
    currency: data.currency,
    renewalFrequency: frequency,
    taxRate: data.taxRate,
  };
}

/** The symbol of an ISO 4217 code as the platform writes it in English (USD $, GBP £, AUD A$), else the code. */
export function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** An amount written with its currency by the platform (en: "$2.99", "£2.39"). */
export const formatPrice = (amount: number, code: string, locale = 'en'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount);

/**
 * Spec 001 §9: the discount region is Africa, South America, North America except US, CA and GR (as the spec names
 * them), and Asia except the countries below (decision 0740: Asia's high-income economies).
 */
export const DISCOUNT_EXCLUDED_NORTH_AMERICA = ['US', 'CA', 'GR'] as const;
export const DISCOUNT_EXCLUDED_ASIA = [
  'JP',
  'KR',
  'SG',
  'HK',
  'TW',
  'MO',
  'IL',
  'AE',
  'QA',
  'KW',
  'BH',
  'BN',
  'SA',
  'OM',
] as const;
/** Two sets of region identifiers, for test and production, never mixed (spec 001 §9). */
export const DISCOUNT_REGION_IDS = {
  production: {
    AF: 'region_africa',
    SA: 'region_south_america',
    NA: 'region_north_america',
    AS: 'region_asia',
  },
  test: {
    AF: 'test_region_africa',
    SA: 'test_region_south_america',
    NA: 'test_region_north_america',
    AS: 'test_region_asia',
  },
} as const;
export type RegionIdSet = keyof typeof DISCOUNT_REGION_IDS;

/** The identifier of the discount region a country is in, from the chosen set, or undefined when it has none. */
export function discountRegion(countryCode: string, set: RegionIdSet): string | undefined {
  const cc = countryCode.toUpperCase();
  const continent = countryFacts(cc)?.continent;
  const ids = DISCOUNT_REGION_IDS[set];
  if (continent === 'AF' || continent === 'SA') return ids[continent];
  if (continent === 'NA')
    return (DISCOUNT_EXCLUDED_NORTH_AMERICA as readonly string[]).includes(cc) ? undefined : ids.NA;
  if (continent === 'AS')
    return (DISCOUNT_EXCLUDED_ASIA as readonly string[]).includes(cc) ? undefined : ids.AS;
  return undefined;
}
