import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenSigner } from '../features/auth/tokens.ts';
import { cameraOfParams, MediaGrants } from '../features/grants/media-grants.ts';
import type { Caller } from '../shared/caller.ts';
import { HttpError, unauthorised } from './errors.ts';
import './route-config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined;
    authToken: string | undefined;
  }
  interface FastifyInstance {
    /** The caller of a user auth token presented elsewhere than the Authorization header, if valid and live. */
    callerOfToken(token: string | undefined): Promise<Caller | undefined>;
  }
}

/** Answers whether a login series is still live (not signed out, revoked or expired). */
export type SeriesLiveness = (seriesId: string) => Promise<boolean>;

/**
 * Authorization: Bearer <authToken>. Verifies the signature and expiry, then that the token's login series is
 * still live (one primary-key lookup), so signing out or a revoked series ends access at once even though the
 * tokens themselves are stateless.
 */
export function useAuthGuard(
  app: FastifyInstance,
  signer: TokenSigner,
  live: SeriesLiveness,
  grants: MediaGrants,
  now: () => number,
): void {
  app.decorate('callerOfToken', async (token: string | undefined) => {
    if (!token) return undefined;
    const result = await signer.verify(token);
    return typeof result === 'object' && (await live(result.seriesId)) ? result : undefined;
  });
  app.decorateRequest('caller', undefined);
  app.decorateRequest('authToken', undefined);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (req.is404) return;
    const mode = req.routeOptions.config.auth ?? 'required';
    if (mode === 'none') return;
    const purpose = req.routeOptions.config.grantPurpose;
    const urlGrant = purpose ? grantInUrl(req) : undefined;
    if (purpose && urlGrant && !bearerToken(req)) {
      // A media grant in the URL: its caller, if it is for this camera and purpose and its session is still live.
      const g = grants.check(urlGrant, now());
      const fits = g && g.purpose === purpose && g.uidd === cameraOfParams(req.params);
      if (!g || !fits || !(await live(g.caller.seriesId)))
        throw unauthorised('This video address is not valid (or no longer)', 'invalid_token');
      req.caller = g.caller;
      req.authToken = urlGrant;
      return;
    }
    const token = bearerToken(req) ?? (req.routeOptions.config.tokenInQuery ? queryToken(req) : undefined);
    if (!token) {
      if (mode === 'required') throw unauthorised();
      return;
    }
    const result = await signer.verify(token);
    if (result === 'expired') throw unauthorised('Your sign-in has expired', 'token_expired');
    if (result === 'invalid' || !(await live(result.seriesId))) {
      if (mode === 'required') throw unauthorised('Your session has ended; sign in again', 'invalid_token');
      return;
    }
    req.caller = result;
    req.authToken = token;
    if (
      result.demo &&
      !['GET', 'HEAD', 'OPTIONS'].includes(req.method) &&
      !req.routeOptions.config.demoAllowed
    ) {
      throw new HttpError(403, 'demo_restricted', 'Demo account: you cannot change settings');
    }
  });
}

/** A media grant in the query's token or the path's `:token`. */
function grantInUrl(req: FastifyRequest): string | undefined {
  const inPath = (req.params as Record<string, unknown> | undefined)?.token;
  return [queryToken(req), typeof inPath === 'string' ? inPath : undefined].find(
    (t): t is string => t !== undefined && MediaGrants.looksLike(t),
  );
}

function queryToken(req: FastifyRequest): string | undefined {
  const t = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof t === 'string' && t.length > 0 ? t : undefined;
}

function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^(?:Bearer|Token)\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** The caller of a route declared with auth 'required' (the guard has already refused anyone else). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthorised();
  return req.caller;
}
