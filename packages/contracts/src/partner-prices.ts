import { z } from 'zod';

/**
 * Partner-set prices (issue 17; decision 0744): an installer's customers pay `percent` of the default price list in
 * a currency. Its distributor sets it, never below the distributor's own cost; support sets any, within the ceiling.
 */
export const PARTNER_PRICE_LIMITS = {
  /** What the service charges a distributor for its customers' plans, as a share of the default list: its cost. */
  distributorCostPercent: 70,
  /** Support may go below a distributor's cost (a deal the service makes), not to nothing. */
  supportMinPercent: 1,
  /** No list above twice the default: a typo must not bill a customer tenfold. */
  maxPercent: 200,
  /**
   * An installer's price for one customer is a share of its own list, never below it (decision 0746): under 100 %
   * the installer would sell under its own cost. The ceiling is `maxPercent` of the default list on the final price.
   */
  customerFloorPercent: 100,
} as const;

export const PartnerPriceList = z.object({
  installerId: z.string(),
  currency: z.string(),
  percent: z.number().int(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type PartnerPriceList = z.infer<typeof PartnerPriceList>;
export const PartnerPriceLists = z.object({
  installerId: z.string(),
  lists: z.array(PartnerPriceList),
  /** The range the caller may set: a distributor from its cost, support from 1 %. */
  limits: z.object({ minPercent: z.number().int(), maxPercent: z.number().int() }),
  /** Whether the caller may change them (support and the installer's distributor; the installer reads). */
  editable: z.boolean(),
});
export type PartnerPriceLists = z.infer<typeof PartnerPriceLists>;
export const PriceListParams = z.strictObject({
  partnerId: z.string().max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export const PriceListBody = z.strictObject({
  percent: z.number().int().min(PARTNER_PRICE_LIMITS.supportMinPercent).max(PARTNER_PRICE_LIMITS.maxPercent),
});

/** An installer's price for one customer in a currency (decision 0746): `percent` of the installer's own list. */
export const CustomerPrice = z.object({
  currency: z.string(),
  percent: z.number().int(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type CustomerPrice = z.infer<typeof CustomerPrice>;
export const CustomerPrices = z.object({
  customerUid: z.string(),
  prices: z.array(CustomerPrice),
  /** The installer's own list per currency that has one, as a share of the default list (else 100 %). */
  installerPercents: z.record(z.string(), z.number().int()),
  /**
   * `minPercent`: of the installer's list (100 for the installer, 1 for support); `maxPercent`: of the default list,
   * on the final price (installer's percent × customer's percent / 100).
   */
  limits: z.object({ minPercent: z.number().int(), maxPercent: z.number().int() }),
  /** The customer's installer and support change it; the customer reads. */
  editable: z.boolean(),
});
export type CustomerPrices = z.infer<typeof CustomerPrices>;
export const CustomerPriceParams = z.strictObject({
  customerUid: z.string().max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
/** Up to the whole range a caller could ever be allowed; the service holds each caller to its own. */
export const CustomerPriceBody = z.strictObject({
  percent: z
    .number()
    .int()
    .min(PARTNER_PRICE_LIMITS.supportMinPercent)
    .max((PARTNER_PRICE_LIMITS.maxPercent * 100) / PARTNER_PRICE_LIMITS.distributorCostPercent),
});
