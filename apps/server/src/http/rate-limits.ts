import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Request rate limits by @fastify/rate-limit (decision 0008): off by default; a route adds the hook `limiter`
 * makes. The store is the plugin's in-memory one, per server instance (an LRU of 5,000 keys per limiter); a fleet
 * would pass a shared store (the plugin takes ioredis) here.
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
 * A hook allowing `max` requests per `windowMs` for each key (the client address unless `key` says otherwise).
 * Every route given the same hook shares its counts. A key read from the body needs the hook in `preHandler`,
 * when the body is parsed and validated; otherwise put it in `onRequest`, before the body is read.
 */
export function limiter(
  app: FastifyInstance,
  max: number,
  windowMs: number,
  opts: { key?: (req: FastifyRequest) => string; what?: string } = {},
): preHandlerAsyncHookHandler {
  const what = opts.what ?? 'Too many requests';
  return app.rateLimit({
    max,
    timeWindow: windowMs,
    ...(opts.key ? { keyGenerator: opts.key } : {}),
    errorResponseBuilder: (_req, ctx) => tooManyRequests(Math.ceil(ctx.ttl / 1000), what),
  });
}
