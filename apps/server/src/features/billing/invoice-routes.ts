import { invoiceNumber, Payment, PayPalApprovalAnswer, PayPalCaptureBody } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { media } from '../../http/api-docs.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { BillingService } from './billing-service.ts';
import { type BillTo, invoicePdf } from './invoice-pdf.ts';

type Guard = (req: import('fastify').FastifyRequest, uid: string) => Promise<void>;

export interface InvoiceRouteDeps {
  billing: BillingService;
  canAct: Guard;
  canRead: Guard;
  /** The organisation and e-mail an account's invoices are made out to (auth's). */
  billTo: (uid: string) => Promise<BillTo>;
  /** The name the invoices are issued under (the brand). */
  issuer: string;
}

const InvoiceParams = z.strictObject({ uid: z.string().max(64), id: z.string().max(64) });
const pdf = media('The invoice as a PDF', ['application/pdf']);

/** An invoice as a PDF (decision 0742) and paying one with PayPal (decision 0745). */
export async function invoiceRoutes(app: FastifyInstance, d: InvoiceRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/account/:uid/invoices/:id/pdf',
    { schema: { params: InvoiceParams, response: { 200: pdf } } },
    async (req, reply) => {
      await d.canRead(req, req.params.uid);
      const inv = await d.billing.invoice(req.params.uid, req.params.id);
      const bytes = await invoicePdf(inv, await d.billTo(req.params.uid), d.issuer);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoiceNumber(inv.number)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
  r.post(
    '/account/:uid/invoices/:id/paypal',
    { schema: { params: InvoiceParams, response: { 200: PayPalApprovalAnswer } } },
    async (req) => {
      await d.canAct(req, req.params.uid);
      return d.billing.startPayPal(req.params.uid, req.params.id);
    },
  );
  r.post(
    '/account/:uid/invoices/:id/paypal/capture',
    { schema: { params: InvoiceParams, body: PayPalCaptureBody, response: { 200: Payment } } },
    async (req) => {
      await d.canAct(req, req.params.uid);
      return d.billing.capturePayPal(req.params.uid, req.params.id, req.body.token);
    },
  );
}
