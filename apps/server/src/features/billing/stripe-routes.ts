import { HostedCheckoutAnswer, Payment, StripeConfirmBody } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { HostedPayments } from './hosted-payments.ts';

type Guard = (req: FastifyRequest, uid: string) => Promise<void>;
const InvoiceParams = z.strictObject({ uid: z.string().max(64), id: z.string().max(64) });

/** Paying an invoice on Stripe's hosted page (decision 0750): where to go, and back from it. */
export async function stripeRoutes(app: FastifyInstance, d: { hosted: HostedPayments; canAct: Guard }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/account/:uid/invoices/:id/stripe',
    { schema: { params: InvoiceParams, response: { 200: HostedCheckoutAnswer } } },
    async (req) => {
      await d.canAct(req, req.params.uid);
      return d.hosted.start(req.params.uid, req.params.id);
    },
  );
  r.post(
    '/account/:uid/invoices/:id/stripe/confirm',
    { schema: { params: InvoiceParams, body: StripeConfirmBody, response: { 200: Payment } } },
    async (req) => {
      await d.canAct(req, req.params.uid);
      return d.hosted.confirm(req.params.uid, req.params.id, req.body.sessionId);
    },
  );
}

const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * `POST /billing/stripe/webhook`: Stripe's events (decision 0750). No session: the `Stripe-Signature` over the raw
 * body is the credential, checked by the SDK before anything is read.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, d: { hosted: HostedPayments }) {
  // In this plugin only, JSON bodies arrive as their bytes: the signature is over exactly what was sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/billing/stripe/webhook',
    { config: { auth: 'none' }, schema: { response: { 200: WebhookAnswer } } },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return d.hosted.webhook(raw, header(req.headers['stripe-signature']));
    },
  );
}
