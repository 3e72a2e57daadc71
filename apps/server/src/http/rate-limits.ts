import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { LimitStore } from '../shared-state/open.ts';
import { HttpError } from './errors.ts';

/**
 * Request rate limits by @fastify/rate-limit (decision 0008): off by default; a route adds the hook `limiter`
 * makes. The counts are kept in `store` (decision 0605): this process's memory in the embedded default, Redis
 * shared by every instance of a fleet. A store that fails lets the request through (logged): a limit that is away
 * for a moment must not take sign-in down with it.
 */
export async function useRateLimits(app: FastifyInstance, store: LimitStore): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    store: pluginStore(store, (err) =>
      app.log.warn({ err: String(err) }, 'rate-limit store failed; not limiting'),
    ),
    errorResponseBuilder: (_req, ctx) => tooManyRequests(Math.ceil(ctx.ttl / 1000), 'Too many requests'),
  });
}

export const tooManyRequests = (sec: number, what: string) =>
  new HttpError(429, 'rate_limited', `${what}. Try again in ${sec} seconds.`, { 'retry-after': String(sec) });

/**
 * A hook allowing `max` requests per `windowMs` for each key (the client address unless `key` says otherwise).
 * Every route given the same hook shares its counts; `name` keeps them apart from other limiters' in the store,
 * and is the same on every instance of a fleet. A key read from the body needs the hook in `preHandler`, when the
 * body is parsed and validated; otherwise put it in `onRequest`, before the body is read.
 */
export function limiter(
  app: FastifyInstance,
  max: number,
  windowMs: number,
  opts: { name: string; key?: (req: FastifyRequest) => string; what?: string },
): preHandlerAsyncHookHandler {
  const what = opts.what ?? 'Too many requests';
  return app.rateLimit({
    max,
    timeWindow: windowMs,
    // Read by the store's `child`: the plugin passes a limiter's options on.
    ...({ limitName: opts.name } as object),
    ...(opts.key ? { keyGenerator: opts.key } : {}),
    errorResponseBuilder: (_req, ctx) => tooManyRequests(Math.ceil(ctx.ttl / 1000), what),
  });
}

/** The plugin's store contract (a class it instantiates, a `child` per limiter) over a LimitStore. */
function pluginStore(store: LimitStore, onError: (err: unknown) => void): FastifyRateLimitStoreCtor {
  let toldAt = 0;
  class Adapter implements FastifyRateLimitStore {
    readonly #name: string;
    constructor(options: object) {
      this.#name = (options as { limitName?: string }).limitName ?? 'global';
    }
    incr(
      key: string,
      cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      store.hit(`${this.#name}:${key}`, timeWindow).then(
        (w) => cb(null, { current: w.count, ttl: w.ttlMs }),
        (err: Error) => {
          if (Date.now() - toldAt > 60_000) {
            toldAt = Date.now();
            onError(err);
          }
          cb(err);
        },
      );
    }
    child(options: object): FastifyRateLimitStore {
      return new Adapter(options);
    }
  }
  return Adapter;
}
