import {
  ApiError,
  CreateCustomerBody,
  Customer,
  CustomerList,
  CustomerParams,
  CustomersQuery,
  RegionalCustomer,
  RegionalCustomerList,
  RegionalCustomerParams,
  RegionalSupportSearchResult,
  RegionParams,
  SupportSearchQuery,
  SupportSearchResult,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { RegionsService } from './regions-service.ts';

/** What a region answers another: no user session (the asking region signed the user in), a signed grant instead. */
const peer = { config: { auth: 'none' } } as const;

/**
 * Views across regions (ours; decisions 0618, 0620). `/regions/customers…` and `/regions/support/accounts`: the
 * signed-in partner's (or support's) customers, a customer's page and a new customer in any region, support's search
 * of every region. `/regions/peer/…`: what a region answers another, for a request signed with the regions' secret.
 */
export async function regionRoutes(app: FastifyInstance, d: { regions: RegionsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/regions/customers',
    { schema: { querystring: CustomersQuery, response: { 200: RegionalCustomerList, '4xx': ApiError } } },
    (req) => d.regions.customers(callerOf(req), req.query.installerId),
  );
  r.get(
    '/regions/customers/:region/:customerUid',
    { schema: { params: RegionalCustomerParams, response: { 200: RegionalCustomer, '4xx': ApiError } } },
    (req) => d.regions.customer(callerOf(req), req.params.region, req.params.customerUid),
  );
  r.post(
    '/regions/customers/:region',
    {
      schema: {
        params: RegionParams,
        body: CreateCustomerBody,
        response: { 200: RegionalCustomer, '4xx': ApiError },
      },
    },
    (req) => d.regions.createCustomer(callerOf(req), req.params.region, req.body),
  );
  r.get(
    '/regions/support/accounts',
    {
      schema: {
        querystring: SupportSearchQuery,
        response: { 200: RegionalSupportSearchResult, '4xx': ApiError },
      },
    },
    (req) => d.regions.supportSearch(callerOf(req), req.query.q),
  );

  r.get(
    '/regions/peer/customers',
    { ...peer, schema: { querystring: CustomersQuery, response: { 200: CustomerList, '4xx': ApiError } } },
    (req) => d.regions.peerCustomers(req.headers.authorization, req.query.installerId),
  );
  r.get(
    '/regions/peer/customers/:customerUid',
    { ...peer, schema: { params: CustomerParams, response: { 200: Customer, '4xx': ApiError } } },
    (req) => d.regions.peerCustomer(req.headers.authorization, req.params.customerUid),
  );
  r.post(
    '/regions/peer/customers',
    { ...peer, schema: { body: CreateCustomerBody, response: { 200: Customer, '4xx': ApiError } } },
    (req) => d.regions.peerCreateCustomer(req.headers.authorization, req.body),
  );
  r.get(
    '/regions/peer/support/accounts',
    {
      ...peer,
      schema: { querystring: SupportSearchQuery, response: { 200: SupportSearchResult, '4xx': ApiError } },
    },
    (req) => d.regions.peerSupportSearch(req.headers.authorization, req.query.q),
  );
}
