import { ApiError, CustomerList, CustomersQuery, RegionalCustomerList } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { RegionsService } from './regions-service.ts';

/**
 * Views across regions (ours; decision 0618). `GET /regions/customers`: the signed-in partner's (or support's, for
 * one installer) customers of every region. `GET /regions/peer/customers`: what a region answers another, for a
 * request signed with the regions' secret (no user session: the asking region signed the user in).
 */
export async function regionRoutes(app: FastifyInstance, d: { regions: RegionsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/regions/customers',
    { schema: { querystring: CustomersQuery, response: { 200: RegionalCustomerList, '4xx': ApiError } } },
    (req) => d.regions.customers(callerOf(req), req.query.installerId),
  );
  r.get(
    '/regions/peer/customers',
    {
      config: { auth: 'none' },
      schema: { querystring: CustomersQuery, response: { 200: CustomerList, '4xx': ApiError } },
    },
    (req) => d.regions.peerCustomers(req.headers.authorization, req.query.installerId),
  );
}
