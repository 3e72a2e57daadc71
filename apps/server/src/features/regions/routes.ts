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
  RegionalSupportAccountDetail,
  RegionalSupportAccountParams,
  RegionalSupportSearchResult,
  RegionList,
  RegionParams,
  SupportAccountDetail,
  SupportAccountParams,
  SupportErrorReportPage,
  SupportLogQuery,
  SupportSearchQuery,
  SupportSearchResult,
  SupportSessionList,
  SupportUsageLogPage,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { RegionsService } from './regions-service.ts';

/** Support's reads beyond an account's page, by their path segment, with what each answers (decision 0883). */
const ACTIVITY = [
  ['sessions', SupportSessionList],
  ['error-reports', SupportErrorReportPage],
  ['usage-logs', SupportUsageLogPage],
] as const;

/** What a region answers another: no user session (the asking region signed the user in), a signed grant instead. */
const peer = { config: { auth: 'none' } } as const;

/**
 * Views across regions (ours; decisions 0618, 0620). `/regions/customers…` and `/regions/support/accounts`: the
 * signed-in partner's (or support's) customers, a customer's page and a new customer in any region, support's search
 * of every region. `/regions/peer/…`: what a region answers another, for a request signed with the regions' secret.
 */
export async function regionRoutes(app: FastifyInstance, d: { regions: RegionsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/regions/list', { schema: { response: { 200: RegionList, '4xx': ApiError } } }, (req) =>
    d.regions.list(callerOf(req)),
  );
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
    '/regions/support/accounts/:region/:uid',
    {
      schema: {
        params: RegionalSupportAccountParams,
        response: { 200: RegionalSupportAccountDetail, '4xx': ApiError },
      },
    },
    (req) => d.regions.supportAccount(callerOf(req), req.params.region, req.params.uid),
  );

  activityRoutes(app, d);

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
  r.get(
    '/regions/peer/support/accounts/:uid',
    {
      ...peer,
      schema: { params: SupportAccountParams, response: { 200: SupportAccountDetail, '4xx': ApiError } },
    },
    (req) => d.regions.peerSupportAccount(req.headers.authorization, req.params.uid),
  );
}

/** Support's reads of an account's sessions, error reports and usage logs in any region, and the peer reads that answer them (0883). */
function activityRoutes(app: FastifyInstance, d: { regions: RegionsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [what, page] of ACTIVITY) {
    r.get(
      `/regions/support/accounts/:region/:uid/${what}`,
      {
        schema: {
          params: RegionalSupportAccountParams,
          querystring: SupportLogQuery,
          response: { 200: page, '4xx': ApiError },
        },
      },
      (req) =>
        d.regions.supportActivity(callerOf(req), { ...req.params, what, before: req.query.before }, page),
    );
    r.get(
      `/regions/peer/support/accounts/:uid/${what}`,
      {
        ...peer,
        schema: {
          params: SupportAccountParams,
          querystring: SupportLogQuery,
          response: { 200: page, '4xx': ApiError },
        },
      },
      (req) =>
        d.regions.peerSupportActivity(req.headers.authorization, req.params.uid, what, req.query.before),
    );
  }
}
