import {
  CreateCustomerBody,
  CreatePartnerBody,
  Customer,
  CustomerCameraList,
  CustomerList,
  CustomerParams,
  CustomersQuery,
  Done,
  MoveAccountBody,
  Partner,
  PartnerList,
  PartnerParams,
  PartnerSuspendBody,
  SupportAccountDetail,
  SupportAccountParams,
  SupportSearchQuery,
  SupportSearchResult,
  SupportToolParams,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import { customerCameras } from './customer-cameras.ts';
import type { PartnerService } from './partner-service.ts';
import type { CustomerCamerasPort } from './ports.ts';
import type { SupportService } from './support-service.ts';

/**
 * The partner portal's API (ours: the spec shows only the screens; decision 0720). Every route checks the caller's
 * subtree in the service; the partner isolation matrix (isolation.test.ts here) covers each one.
 */
export async function partnerRoutes(
  app: FastifyInstance,
  d: { partners: PartnerService; support: SupportService; cameras: CustomerCamerasPort },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { partners, support, cameras } = d;
  r.get('/partners/distributors', { schema: { response: { 200: PartnerList } } }, (req) =>
    partners.listPartners(callerOf(req), 'd'),
  );
  r.post(
    '/partners/distributors',
    { schema: { body: CreatePartnerBody, response: { 200: Partner } } },
    (req) => partners.createDistributor(callerOf(req), req.body),
  );
  r.get('/partners/installers', { schema: { response: { 200: PartnerList } } }, (req) =>
    partners.listPartners(callerOf(req), 'i'),
  );
  r.post('/partners/installers', { schema: { body: CreatePartnerBody, response: { 200: Partner } } }, (req) =>
    partners.createInstaller(callerOf(req), req.body),
  );
  r.get('/partners/:partnerId', { schema: { params: PartnerParams, response: { 200: Partner } } }, (req) =>
    partners.getPartner(callerOf(req), req.params.partnerId),
  );
  r.put(
    '/partners/:partnerId/suspended',
    { schema: { params: PartnerParams, body: PartnerSuspendBody, response: { 200: Partner } } },
    (req) => partners.setSuspended(callerOf(req), req.params.partnerId, req.body.suspended),
  );
  r.post(
    '/partners/:partnerId/invitation',
    { schema: { params: PartnerParams, response: { 200: Done } } },
    (req) => partners.resendInvitation(callerOf(req), req.params.partnerId),
  );
  r.get(
    '/partners/customers',
    { schema: { querystring: CustomersQuery, response: { 200: CustomerList } } },
    (req) => partners.listCustomers(callerOf(req), req.query.installerId),
  );
  r.post(
    '/partners/customers',
    { schema: { body: CreateCustomerBody, response: { 200: Customer } } },
    (req) => partners.createCustomer(callerOf(req), req.body),
  );
  r.get(
    '/partners/customers/:customerUid',
    { schema: { params: CustomerParams, response: { 200: Customer } } },
    (req) => partners.getCustomer(callerOf(req), req.params.customerUid),
  );
  r.get(
    '/partners/customers/:customerUid/cameras',
    { schema: { params: CustomerParams, response: { 200: CustomerCameraList } } },
    (req) => customerCameras(partners, cameras, callerOf(req), req.params.customerUid),
  );

  r.get(
    '/support/accounts',
    { schema: { querystring: SupportSearchQuery, response: { 200: SupportSearchResult } } },
    (req) => support.search(callerOf(req), req.query.q),
  );
  r.get(
    '/support/accounts/:uid',
    { schema: { params: SupportAccountParams, response: { 200: SupportAccountDetail } } },
    (req) => support.account(callerOf(req), req.params.uid),
  );
  r.post(
    '/support/accounts/:uid/tools/:tool',
    { schema: { params: SupportToolParams, response: { 200: Done } } },
    (req) => support.tool(callerOf(req), req.params.uid, req.params.tool),
  );
  r.put(
    '/support/accounts/:uid/installer',
    {
      schema: {
        params: SupportAccountParams,
        body: MoveAccountBody,
        response: { 200: SupportAccountDetail },
      },
    },
    (req) => support.move(callerOf(req), req.params.uid, req.body.installerId),
  );
}
