import { z } from 'zod';
import {
  AddonName,
  AddonPrice,
  BillingInterval,
  breakdownOf,
  PlanMode,
  type PriceBreakdown,
  type PricingData,
  Resolution,
  renewalFrequency,
  roundPrice,
} from './pricing.ts';

// Sites (spec 001 §3 "Sites: per resolution and per mode an amount and price[1 or 12]; plus object_detection and
// addons"), read as decision 0753 says: a site is one place sold as a bundle. `amount` is how many cameras one site
// covers at that resolution and mode; `price` is the site's fee for one renewal period, keyed by the renewal
// frequency (1: a month, 12: a year); `object_detection` and `addons` are the analytics add-ons' fees per site.

export const SitePrice = z.object({
  resolution: Resolution,
  mode: PlanMode,
  /** Cameras one site covers. */
  amount: z.number().int().min(1),
  /** The site's fee per renewal period: `1` monthly, `12` yearly. */
  price: z.object({ 1: z.number().nonnegative(), 12: z.number().nonnegative() }).partial(),
});
export type SitePrice = z.infer<typeof SitePrice>;

/** What a list sells as sites (decision 0753); the default list sells none (the spec gives no figures). */
export const SitePricing = z.object({
  sites: z.array(SitePrice),
  /** Object detection's fee per site, as the spec names it apart from the other add-ons. */
  object_detection: z.array(AddonPrice.omit({ name: true })),
  /** The other add-ons' fees per site. */
  addons: z.array(AddonPrice),
});
export type SitePricing = z.infer<typeof SitePricing>;

export const SiteSelection = z.strictObject({
  resolution: Resolution,
  mode: PlanMode,
  interval: BillingInterval,
  sites: z.number().int().min(1).max(1000),
  addons: z.array(AddonName).max(4).default([]),
});
export type SiteSelection = z.infer<typeof SiteSelection>;

/** The sites `cameras` cameras need at a site size of `amount`: each site covers up to `amount` cameras. */
export const sitesFor = (cameras: number, amount: number): number => Math.max(1, Math.ceil(cameras / amount));

/**
 * The price of sites for one renewal period: the sites at the site fee of the interval, each add-on at its fee per
 * site, then subtotal, tax (the list's rate) and total, each rounded to 2 decimals as plans are. `cameras` is what
 * the sites cover (the licence's camera count). Undefined when the list does not sell the sites or an add-on.
 */
export function priceOfSites(
  data: Pick<PricingData, 'taxRate' | 'currency'>,
  sites: SitePricing,
  s: SiteSelection,
): (PriceBreakdown & { cameras: number }) | undefined {
  const site = sites.sites.find((p) => p.resolution === s.resolution && p.mode === s.mode);
  const frequency = renewalFrequency(s.interval);
  const fee = site?.price[frequency];
  if (!site || fee === undefined) return undefined;
  const lines = [{ item: 'sites', quantity: s.sites, unitFee: fee, amount: roundPrice(fee * s.sites) }];
  for (const name of s.addons) {
    const addon =
      name === 'objects'
        ? sites.object_detection.find((a) => a.renewal_frequency === frequency)
        : sites.addons.find((a) => a.name === name && a.renewal_frequency === frequency);
    if (!addon) return undefined;
    lines.push({
      item: name,
      quantity: s.sites,
      unitFee: addon.fee,
      amount: roundPrice(addon.fee * s.sites),
    });
  }
  return { ...breakdownOf(lines, data, frequency), cameras: s.sites * site.amount };
}
