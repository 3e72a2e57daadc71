import {
  Done,
  ShareLinkInfo,
  ShareMetadata,
  ShareVerifyResult,
  SignShareBody,
  SignShareResult,
  Uidd,
} from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/auth-guard.ts';
import { limiter } from '../../http/rate-limits.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { ShareService } from './share-service.ts';

const TokenQuery = z.strictObject({ token: z.string().max(4096).optional() });

/** The share token: Authorization: Bearer <share token>, or ?token= for a plain link. */
function shareToken(
  req: FastifyRequest<{ Querystring: { token?: string | undefined } }>,
): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1] ?? req.query.token;
}

/** Sharing calls of spec 001 §7, plus listing and revoking a camera's links (decision 0013). */
export async function shareRoutes(
  app: FastifyInstance,
  d: { shares: ShareService; lookupsPerIpPerMin: number },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public calls that test a token: capped per address so tokens cannot be tried in bulk (decision 0008).
  const lookups = limiter(app, d.lookupsPerIpPerMin, 60_000, {
    name: 'share-lookups',
    what: 'Too many share-link checks',
  });
  r.post('/jwt/sign', { schema: { body: SignShareBody, response: { 200: SignShareResult } } }, (req) =>
    d.shares.sign(callerOf(req), req.body),
  );
  // The viewer's own token, when signed in, comes in X-Auth-Token: Authorization carries the share token.
  r.get(
    '/jwt/verify',
    {
      config: { auth: 'none' },
      onRequest: lookups,
      schema: { querystring: TokenQuery, response: { 200: ShareVerifyResult } },
    },
    async (req) => {
      const userToken = req.headers['x-auth-token'];
      const viewer = await app.callerOfToken(typeof userToken === 'string' ? userToken : undefined);
      return d.shares.verify(shareToken(req), viewer, req.ip);
    },
  );
  r.get(
    '/jwt/metadata',
    {
      config: { auth: 'none' },
      onRequest: lookups,
      schema: { querystring: TokenQuery, response: { 200: ShareMetadata } },
    },
    (req) => d.shares.metadata(shareToken(req)),
  );
  r.get(
    '/jwt/links',
    { schema: { querystring: z.strictObject({ uidd: Uidd }), response: { 200: z.array(ShareLinkInfo) } } },
    (req) => d.shares.list(callerOf(req), req.query.uidd),
  );
  r.delete(
    '/jwt/links/:id',
    { schema: { params: z.strictObject({ id: z.string().min(1).max(64) }), response: { 200: Done } } },
    (req) => d.shares.revoke(callerOf(req), req.params.id),
  );
}
