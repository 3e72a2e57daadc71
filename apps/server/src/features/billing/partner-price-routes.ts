import { PartnerPriceLists, PriceListBody, PriceListParams } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { PartnerPricesService } from './partner-prices.ts';

const PartnerParams = z.strictObject({ partnerId: z.string().max(64) });

/**
 * An installer's price lists (decision 0744), under the partner routes so the partner isolation matrix covers them:
 * support and the installer's distributor set and reset them; the installer reads its own.
 */
export async function partnerPriceRoutes(app: FastifyInstance, d: { prices: PartnerPricesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/partners/:partnerId/price-lists',
    { schema: { params: PartnerParams, response: { 200: PartnerPriceLists } } },
    (req) => d.prices.lists(callerOf(req), req.params.partnerId),
  );
  r.put(
    '/partners/:partnerId/price-lists/:currency',
    { schema: { params: PriceListParams, body: PriceListBody, response: { 200: PartnerPriceLists } } },
    (req) => d.prices.set(callerOf(req), req.params.partnerId, req.params.currency, req.body.percent),
  );
  r.delete(
    '/partners/:partnerId/price-lists/:currency',
    { schema: { params: PriceListParams, response: { 200: PartnerPriceLists } } },
    (req) => d.prices.remove(callerOf(req), req.params.partnerId, req.params.currency),
  );
}
