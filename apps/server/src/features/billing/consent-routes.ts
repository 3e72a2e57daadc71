import { Consents, ConsentsBody } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { ConsentService } from './consent-service.ts';

type Guard = (req: FastifyRequest, uid: string) => Promise<void>;
const UidParams = z.strictObject({ uid: z.string().max(64) });

/**
 * The account's consents (decision 0743; /manage-plan/ai-training and /demo-consent): the owner and co-owners
 * (the manage-plan right) read and change them; support reads them.
 */
export async function consentRoutes(
  app: FastifyInstance,
  d: { consents: ConsentService; canAct: Guard; canRead: Guard },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/account/:uid/consents',
    { schema: { params: UidParams, response: { 200: Consents } } },
    async (req) => {
      await d.canRead(req, req.params.uid);
      return d.consents.get(req.params.uid);
    },
  );
  r.put(
    '/account/:uid/consents',
    { schema: { params: UidParams, body: ConsentsBody, response: { 200: Consents } } },
    async (req) => {
      await d.canAct(req, req.params.uid);
      return d.consents.set(req.params.uid, callerOf(req).uid, req.body);
    },
  );
}
