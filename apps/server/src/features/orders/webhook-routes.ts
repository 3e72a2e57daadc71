import { OrderWebhookBody, OrderWebhookParams, OrderWebhookResult } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { OrderImport } from './order-import.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * `POST /takeaway/webhook/:uid`: the point of sale's signed orders and disputes (decision 0840). No session: the
 * signature over the raw body is the credential, checked before the body is parsed or validated.
 */
export async function orderWebhookRoutes(app: FastifyInstance, d: { imports: OrderImport }): Promise<void> {
  // In this plugin only, JSON bodies arrive as their bytes: the signature is over what was sent, which a parse
  // and re-serialisation would not reproduce.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/takeaway/webhook/:uid',
    {
      config: { auth: 'none' },
      schema: { params: OrderWebhookParams, body: OrderWebhookBody, response: { 200: OrderWebhookResult } },
      preValidation: async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const { uid } = req.params as { uid: string };
        await d.imports.verify(
          uid,
          {
            timestamp: header(req.headers['x-vigil-timestamp']),
            signature: header(req.headers['x-vigil-signature']),
          },
          raw,
        );
        try {
          req.body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('The body is not JSON');
        }
      },
    },
    async (req, reply) => {
      const { result, replayed } = await d.imports.receive(req.params.uid, req.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  );
}
