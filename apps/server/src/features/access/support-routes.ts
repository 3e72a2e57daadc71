import { GrantSupportAccessBody, SupportAccess, SupportAccessParams } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth-guard.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { SupportConsent } from './support-consent.ts';

/**
 * Support access (ours, decision 0017): `GET` the account's grant, `POST { hours }` to give support access to its
 * pictures and video for that long (replacing any grant), `DELETE` to revoke it.
 */
export async function supportAccessRoutes(
  app: FastifyInstance,
  d: { consent: SupportConsent },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = '/account/:uid/support-access';
  r.get(url, { schema: { params: SupportAccessParams, response: { 200: SupportAccess } } }, (req) =>
    d.consent.get(callerOf(req), req.params.uid),
  );
  r.post(
    url,
    {
      schema: { params: SupportAccessParams, body: GrantSupportAccessBody, response: { 200: SupportAccess } },
    },
    (req) => d.consent.grant(callerOf(req), req.params.uid, req.body.hours, req.ip),
  );
  r.delete(url, { schema: { params: SupportAccessParams, response: { 200: SupportAccess } } }, (req) =>
    d.consent.revoke(callerOf(req), req.params.uid, req.ip),
  );
}
