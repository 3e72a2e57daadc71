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
