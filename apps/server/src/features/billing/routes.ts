import {
  Checkout,
  CheckoutBody,
  FirstPlanBody,
  FirstPlanResult,
  Invoice,
  InvoiceList,
  MaybeSubscription,
  PayBody,
  Payment,
  PlanChangeBody,
  PlanChangePreview,
  Subscription,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import { forbidden } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import { AccountAccess } from '../access/account-access.ts';
import type { BillingService } from './billing-service.ts';
import { consentRoutes } from './consent-routes.ts';
import type { ConsentService } from './consent-service.ts';
import type { GeoLocator } from './geo.ts';
import type { HostedPayments } from './hosted-payments.ts';
import type { BillTo } from './invoice-pdf.ts';
import { invoiceRoutes } from './invoice-routes.ts';
import { priceContextOf } from './request-geo.ts';
import { stripeRoutes } from './stripe-routes.ts';
import type { SubscriptionService } from './subscription-service.ts';

export interface BillingRouteDeps {
  billing: BillingService;
  subscriptions: SubscriptionService;
  access: AccountAccess;
  geo: GeoLocator;
  consents: ConsentService;
  hosted: HostedPayments;
  billTo: (uid: string) => Promise<BillTo>;
  issuer: string;
}

const UidParams = z.strictObject({ uid: z.string().max(64) });
const InvoiceParams = z.strictObject({ uid: z.string().max(64), id: z.string().max(64) });
const Changed = z.object({ subscription: Subscription, due: z.number() });
const One = z.object({ subscription: Subscription });

/**
 * An account's plan, invoices and licences (decision 0741). The owner and those with the manage-plan right
 * (co-owners) act; support reads to help, and acts on none. The subscription itself is also the customer's
 * installer's and distributor's to choose (decision 0854).
 */
export async function billingRoutes(app: FastifyInstance, d: BillingRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canAct = async (req: FastifyRequest, uid: string) => {
    if (!(await d.access.may(callerOf(req), uid, 'managePlan'))) throw forbidden();
  };
  const canRead = async (req: FastifyRequest, uid: string) => {
    const role = await d.access.roleOn(callerOf(req), uid);
    if (role?.kind !== 'support' && !AccountAccess.allows(role, 'managePlan')) throw forbidden();
  };
  // The subscription alone (decision 0854): choosePlan adds the customer's installer and its distributor to those
  // who manage the plan, for these four calls and no other (not checkout, invoices, payments or consents).
  const canChoose = async (req: FastifyRequest, uid: string) => {
    if (!(await d.access.may(callerOf(req), uid, 'choosePlan'))) throw forbidden();
  };
  // Support reads every account's plan to help (as canRead), and chooses none.
  const canReadPlan = async (req: FastifyRequest, uid: string) => {
    if (callerOf(req).accountType !== 's') await canChoose(req, uid);
  };

  r.get(
    '/account/:uid/subscription',
    { schema: { params: UidParams, response: { 200: MaybeSubscription } } },
    async (req) => {
      await canReadPlan(req, req.params.uid);
      return { subscription: await d.subscriptions.current(req.params.uid) };
    },
  );
  r.put(
    '/account/:uid/subscription',
    { schema: { params: UidParams, body: PlanChangeBody, response: { 200: Changed } } },
    async (req) => {
      await canChoose(req, req.params.uid);
      const ctx = await priceContextOf(d.geo, req, undefined, req.params.uid);
      return d.subscriptions.change(req.params.uid, req.body.plan, ctx);
    },
  );
  // A first plan (decision 0873): the installer or distributor chooses it, the customer is invoiced and pays.
  r.post(
    '/account/:uid/subscription/first',
    { schema: { params: UidParams, body: FirstPlanBody, response: { 200: FirstPlanResult } } },
    async (req) => {
      await canChoose(req, req.params.uid);
      const ctx = await priceContextOf(d.geo, req, req.body.currency, req.params.uid);
      const plan = req.body.plan;
      return { invoice: await d.billing.firstPlan(callerOf(req).uid, req.params.uid, plan, ctx) };
    },
  );
  r.post(
    '/account/:uid/subscription/preview',
    { schema: { params: UidParams, body: PlanChangeBody, response: { 200: PlanChangePreview } } },
    async (req) => {
      await canAct(req, req.params.uid);
      const ctx = await priceContextOf(d.geo, req, undefined, req.params.uid);
      return d.subscriptions.preview(req.params.uid, req.body.plan, ctx);
    },
  );
  r.post(
    '/account/:uid/subscription/cancel',
    { schema: { params: UidParams, response: { 200: One } } },
    async (req) => {
      await canChoose(req, req.params.uid);
      return { subscription: await d.subscriptions.cancel(req.params.uid) };
    },
  );
  r.post(
    '/account/:uid/subscription/reinstate',
    { schema: { params: UidParams, response: { 200: One } } },
    async (req) => {
      await canChoose(req, req.params.uid);
      return { subscription: await d.subscriptions.reinstate(req.params.uid) };
    },
  );
  await paymentRoutes(app, d, canAct, canRead);
  await invoiceRoutes(app, { ...d, canAct, canRead });
  await consentRoutes(app, { consents: d.consents, canAct, canRead });
  await stripeRoutes(app, { hosted: d.hosted, canAct });
}

type Guard = (req: FastifyRequest, uid: string) => Promise<void>;

/** Checkout, invoices and paying them. */
async function paymentRoutes(
  app: FastifyInstance,
  d: BillingRouteDeps,
  canAct: Guard,
  canRead: Guard,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/account/:uid/checkout',
    { schema: { params: UidParams, body: CheckoutBody, response: { 200: Checkout } } },
    async (req) => {
      await canAct(req, req.params.uid);
      return {
        invoice: await d.billing.checkout(req.params.uid, req.body.quoteId),
        provider: d.billing.providerName,
      };
    },
  );
  r.get(
    '/account/:uid/invoices',
    { schema: { params: UidParams, response: { 200: InvoiceList } } },
    async (req) => {
      await canRead(req, req.params.uid);
      return { invoices: await d.billing.invoices(req.params.uid) };
    },
  );
  r.get(
    '/account/:uid/invoices/:id',
    { schema: { params: InvoiceParams, response: { 200: Invoice } } },
    async (req) => {
      await canRead(req, req.params.uid);
      return d.billing.invoice(req.params.uid, req.params.id);
    },
  );
  r.post(
    '/account/:uid/invoices/:id/pay',
    { schema: { params: InvoiceParams, body: PayBody, response: { 200: Payment } } },
    async (req) => {
      await canAct(req, req.params.uid);
      return d.billing.pay(req.params.uid, req.params.id, req.body.card);
    },
  );
  // The invoice way (decision 0741): support marks an invoice paid outside the service; nobody else may.
  r.post(
    '/account/:uid/invoices/:id/mark-paid',
    { schema: { params: InvoiceParams, response: { 200: Payment } } },
    async (req) => {
      const caller = callerOf(req);
      if (caller.accountType !== 's') throw forbidden('Only support marks an invoice paid');
      return d.billing.markPaid(req.params.uid, req.params.id, caller.uid);
    },
  );
}
