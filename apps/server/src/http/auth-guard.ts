import type { MediaGrantPurpose } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * What the guard needs of the features that issue tokens, handed in by app.ts: the guard is HTTP plumbing and
 * imports no feature (auth signs the tokens, grants the media grants; decision 0018).
 */
export interface GuardTokens {
  /** A user auth token's caller, or why it is not acceptable (auth's TokenSigner). */
  verify(token: string): Promise<Caller | 'expired' | 'invalid'>;
  /** Whether a URL token is a media grant rather than an auth token (by its prefix). */
  isGrant(text: string): boolean;
  /** The media grant if it is one of ours and not expired (grants' MediaGrants). */
  checkGrant(
    text: string,
    nowMs: number,
  ): { caller: Caller; uidd: string; purpose: MediaGrantPurpose } | undefined;
}

/**
 * Authorization: Bearer <authToken>. Verifies the signature and expiry, then that the token's login series is
 * still live (one primary-key lookup), so signing out or a revoked series ends access at once even though the
 * tokens themselves are stateless.
 */
export function useAuthGuard(
  app: FastifyInstance,
  tokens: GuardTokens,
  live: SeriesLiveness,
  now: () => number,
): void {
  app.decorate('callerOfToken', async (token: string | undefined) => {
    if (!token) return undefined;
    const result = await tokens.verify(token);
    return typeof result === 'object' && (await live(result.seriesId)) ? result : undefined;
  });
  app.decorateRequest('caller', undefined);
  app.decorateRequest('authToken', undefined);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (req.is404) return;
    const mode = req.routeOptions.config.auth ?? 'required';
    if (mode === 'none') return;
    const purpose = req.routeOptions.config.grantPurpose;
    const urlGrant = purpose ? grantInUrl(req, tokens) : undefined;
    if (purpose && urlGrant && !bearerToken(req)) {
      // A media grant in the URL: its caller, if it is for this camera and purpose and its session is still live.
      const g = tokens.checkGrant(urlGrant, now());
      const fits = g && [purpose].flat().includes(g.purpose) && g.uidd === cameraOfParams(req.params);
      if (!g || !fits || !(await live(g.caller.seriesId)))
        throw unauthorised('This video address is not valid (or no longer)', 'invalid_token');
      req.caller = g.caller;
      req.authToken = urlGrant;
      return;
    }
    // An auth token only ever in the header: in a URL it would land in logs and history (decision 0014).
    const token = bearerToken(req);
    if (!token) {
      if (mode === 'required') throw unauthorised();
      return;
    }
    const result = await tokens.verify(token);
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
function grantInUrl(req: FastifyRequest, tokens: GuardTokens): string | undefined {
  const inPath = (req.params as Record<string, unknown> | undefined)?.token;
  return [queryToken(req), typeof inPath === 'string' ? inPath : undefined].find(
    (t): t is string => t !== undefined && tokens.isGrant(t),
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

/** The camera a media route's path names, whatever its parameters are called (spec 001 §7 shapes). */
export function cameraOfParams(params: unknown): string | undefined {
  const p = (params ?? {}) as Record<string, string | undefined>;
  if (p.uidd) return p.uidd;
  const pairs: Array<[string | undefined, string | undefined]> = [
    [p.owner, p.device],
    [p.uid, p.deviceid],
    [p.user, p.camera],
    [p.a, p.b],
  ];
  for (const [owner, device] of pairs) if (owner && device) return `${owner}.${device}`;
  return p.uid?.includes('.') ? p.uid : undefined;
}
