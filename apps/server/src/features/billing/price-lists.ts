import {
  type AddonName,
  type AddonPrice,
  currencySymbol,
  discountRegion,
  PER_CAMERA_PRICE,
  PER_CAMERA_PRICE_USD_DISCOUNTED,
  PLAN_MODES,
  type PlanPrice,
  type PricingData,
  RESOLUTIONS,
  type RegionIdSet,
  roundPrice,
  YEARLY_DISCOUNT_PERCENT,
} from '@vigil/contracts';

/**
 * The default price list (decision 0740). The spec gives one figure per currency, the per-camera price; we anchor
 * it to the most common plan (2MP, record on motion, 30 days, monthly, one camera) and derive the rest with the
 * factors below, so the list stays data that support can replace (a partner's list: `PriceListSource`).
 */
export const RESOLUTION_FACTOR = { '2MP': 1, '4MP': 1.4, '8MP': 2 } as const;
export const MODE_FACTOR = { rom: 1, continuous: 1.5 } as const;
export const STORAGE_FACTOR: Readonly<Record<number, number>> = { 7: 0.7, 30: 1, 90: 2, 365: 5 };
/** Volume tiers: from 10 cameras 5 % off, from 50 cameras 10 % off. */
export const TIER_FACTORS = [
  { camLowerLimit: 1, factor: 1 },
  { camLowerLimit: 10, factor: 0.95 },
  { camLowerLimit: 50, factor: 0.9 },
] as const;
/** Add-ons per camera per month, as a share of the per-camera price. */
export const ADDON_FACTOR: Readonly<Record<AddonName, number>> = {
  objects: 0.35,
  vehicles: 0.5,
  people: 0.35,
  ppe: 0.5,
};
/** VAT / GST where one rate applies nationally; elsewhere prices are shown before tax (decision 0740). */
export const TAX_RATE_PERCENT: Readonly<Record<string, number>> = { GB: 20, AU: 10, NZ: 15 };

const yearly = (monthly: number) => roundPrice(monthly * 12 * (1 - YEARLY_DISCOUNT_PERCENT / 100));

/** Where a price list is asked for: the currency chosen, the visitor's country, the customer's installer. */
export interface PriceContext {
  currency: string;
  country: string;
  /** The installer the customer belongs to: the seam for partner-set prices (issue 17). */
  installerId?: string | null;
  /** The account being priced, when known (a signed-in customer's quote or plan change): its installer's list. */
  uid?: string;
}

/** A source of price lists other than the default: a partner's prices for its customers (issue 17 plugs in). */
export type PriceListSource = (ctx: PriceContext) => Promise<PricingData | undefined>;

/** The default list for a currency and country; a currency without a price is priced in USD. */
export function defaultPriceList(ctx: PriceContext, regionIds: RegionIdSet): PricingData {
  const code = ctx.currency in PER_CAMERA_PRICE ? (ctx.currency as keyof typeof PER_CAMERA_PRICE) : 'USD';
  const region = code === 'USD' ? discountRegion(ctx.country, regionIds) : undefined;
  const base = region ? PER_CAMERA_PRICE_USD_DISCOUNTED : PER_CAMERA_PRICE[code];
  const plans: PlanPrice[] = [];
  for (const resolution of RESOLUTIONS)
    for (const mode of PLAN_MODES)
      for (const [days, storage] of Object.entries(STORAGE_FACTOR)) {
        const monthly = base * RESOLUTION_FACTOR[resolution] * MODE_FACTOR[mode] * storage;
        const tiers = (fee: (m: number) => number) =>
          TIER_FACTORS.map((t) => ({ camLowerLimit: t.camLowerLimit, fee: fee(monthly * t.factor) }));
        const storageDays = Number(days);
        plans.push({ resolution, mode, storageDays, interval: 'monthly', tiers: tiers(roundPrice) });
        plans.push({ resolution, mode, storageDays, interval: 'yearly', tiers: tiers(yearly) });
      }
  const addons: AddonPrice[] = Object.entries(ADDON_FACTOR).flatMap(([name, f]) => [
    { name: name as AddonName, renewal_frequency: 1 as const, fee: roundPrice(base * f) },
    { name: name as AddonName, renewal_frequency: 12 as const, fee: yearly(base * f) },
  ]);
  return {
    id: `default-${code}${region ? `-${region}` : ''}`,
    plans,
    addons,
    taxRate: TAX_RATE_PERCENT[ctx.country.toUpperCase()] ?? 0,
    currency: { code, symbol: currencySymbol(code) },
    discountRegion: region ?? null,
  };
}
