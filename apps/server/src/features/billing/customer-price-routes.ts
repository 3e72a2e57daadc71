import { CustomerPriceBody, CustomerPriceParams, CustomerPrices } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { CustomerPricesService } from './customer-prices.ts';

const CustomerParams = z.strictObject({ customerUid: z.string().max(64) });

/**
 * A customer's own price (decision 0746): its installer and support set and reset it, the customer reads it;
 * anyone else 404.
 */
export async function customerPriceRoutes(app: FastifyInstance, d: { prices: CustomerPricesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/customers/:customerUid/prices',
    { schema: { params: CustomerParams, response: { 200: CustomerPrices } } },
    (req) => d.prices.prices(callerOf(req), req.params.customerUid),
  );
  r.put(
    '/customers/:customerUid/prices/:currency',
    { schema: { params: CustomerPriceParams, body: CustomerPriceBody, response: { 200: CustomerPrices } } },
    (req) => d.prices.set(callerOf(req), req.params.customerUid, req.params.currency, req.body.percent),
  );
  r.delete(
    '/customers/:customerUid/prices/:currency',
    { schema: { params: CustomerPriceParams, response: { 200: CustomerPrices } } },
    (req) => d.prices.remove(callerOf(req), req.params.customerUid, req.params.currency),
  );
}
