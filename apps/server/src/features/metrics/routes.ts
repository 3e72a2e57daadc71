import { timingSafeEqual } from 'node:crypto';
import { EndpointTimingList } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { media } from '../../http/api-docs.ts';
import { callerOf } from '../../http/auth-guard.ts';
import { forbidden, unauthorised } from '../../http/errors.ts';
import type { ZodTypeProvider } from '../../http/zod.ts';
import type { ServiceMetrics } from './service-metrics.ts';

/** How many endpoints the health screen lists, slowest first. */
export const SLOWEST_ENDPOINTS = 10;

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function bearer(req: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

/**
 * `GET /metrics` (Prometheus text format): for a scraper holding METRICS_TOKEN, or a support user's auth token.
 * Anyone else is refused. `GET /support/metrics/endpoints`: the slowest endpoints for the health screen.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  d: { metrics: ServiceMetrics; token: string | undefined },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // auth 'none': a scraper's static token is not a user's, so the guard cannot judge it; checked here instead.
  const exposition = media("Prometheus' text exposition format", ['text/plain'], 'text');
  r.get(
    '/metrics',
    { config: { auth: 'none' }, schema: { response: { 200: exposition } } },
    async (req, reply) => {
      const token = bearer(req);
      if (!token) throw unauthorised();
      const scraper = d.token !== undefined && same(token, d.token);
      if (!scraper && (await app.callerOfToken(token))?.accountType !== 's') throw forbidden();
      return reply.type(d.metrics.contentType).send(await d.metrics.text());
    },
  );
  r.get('/support/metrics/endpoints', { schema: { response: { 200: EndpointTimingList } } }, (req) => {
    if (callerOf(req).accountType !== 's') throw forbidden();
    return { endpoints: d.metrics.timings.slowest(SLOWEST_ENDPOINTS) };
  });
}
