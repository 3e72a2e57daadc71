import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Request rate limits by @fastify/rate-limit (decision 0008): off by default, each route names its own in
 * `config.rateLimit` (see `limitTo`). The store is the plugin's in-memory one, per server instance; a fleet
 * behind one address would pass a shared store (the plugin takes ioredis) here.
 */
export async function useRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(Math.ceil(ctx.ttl / 1000), 'Too many requests'),
  });
}

export const tooManyRequests = (sec: number, what: string) =>
  new HttpError(429, 'rate_limited', `${what}. Try again in ${sec} seconds.`, { 'retry-after': String(sec) });

/**
 * A route's limit: `max` requests per `windowMs` for each key (the client address unless `key` says otherwise).
 * Routes in one `group` share counts. A key read from the body needs `hook: 'preHandler'`, when the body is parsed and validated.
 */
export function limitTo(
  max: number,
  windowMs: number,
  opts: { key?: (req: FastifyRequest) => string; hook?: 'preHandler'; what?: string; group?: string } = {},
): { rateLimit: RateLimitOptions } {
  const what = opts.what ?? 'Too many requests';
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      ...(opts.key ? { keyGenerator: opts.key } : {}),
      ...(opts.hook ? { hook: opts.hook } : {}),
      // Routes of one group share their counts (two paths of one call).
      ...(opts.group ? { groupId: opts.group } : {}),
      errorResponseBuilder: (_req, ctx) => tooManyRequests(Math.ceil(ctx.ttl / 1000), what),
    },
  };
}
