import fastifyWebsocket from '@fastify/websocket';
import { APP_VERSION } from '@vigil/contracts';
import type { DbHandle } from '@vigil/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { createMediaHosts } from './features/media-hosts/module.ts';
import { useWebApp } from './features/web/static.ts';
import { useApiDocs } from './http/api-docs.ts';
import { useCompression } from './http/compression.ts';
import { useCors } from './http/cors.ts';
import { useErrorHandler } from './http/error-handler.ts';
import { logSerializers } from './http/log-redaction.ts';
import { useRateLimits } from './http/rate-limits.ts';
import { useRouteTable } from './http/route-table.ts';
import { useSecurityHeaders } from './http/security-headers.ts';
import { useZodValidation } from './http/zod.ts';
import { openSharedState, type SharedState } from './shared-state/open.ts';

/** Log redaction: secrets never reach the logs, whatever the level. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newpass',
  '*.loginToken',
  '*.authToken',
];

/** The logger options of the process: level, redacted paths, request URLs without secrets. */
export function loggerOptions(level: string) {
  return { level, redact: REDACT, serializers: logSerializers };
}

export interface PipelineOptions {
  config: Config;
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
  sharedState?: SharedState;
  /** The web app's page for a host, branded (decision 0820); asked at request time. */
  page: (html: string, host: string | undefined) => Promise<Buffer>;
}

/**
 * The HTTP pipeline every feature's routes run in: the Fastify instance and its hooks, in an order that matters
 * (buildApp's first step, kept apart so the app factory stays the list of features).
 */
export async function httpPipeline(opts: PipelineOptions) {
  const { config, database } = opts;
  const app: FastifyInstance = Fastify({
    logger: opts.logger ?? loggerOptions(config.LOG_LEVEL),
    bodyLimit: 1_048_576,
    trustProxy: config.TRUST_PROXY,
    // Fastify refuses __proto__ and constructor.prototype keys in JSON bodies with a 400 by default; say so.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Stills carry the auth token as a path segment (spec 001 §7): longer than the router's default of 100.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
  });
  useRouteTable(app);
  useZodValidation(app, { checkResponses: config.NODE_ENV !== 'production' });
  // At the root, once: it routes every upgrade through Fastify's hooks (auth guard included) to `wsHandler` routes.
  await app.register(fastifyWebsocket);
  useErrorHandler(app);
  // Which recorder serves a camera's media when they run apart (decision 0601); in one process, always this one.
  const { hosts } = createMediaHosts({
    db: database.db,
    log: app.log,
    selfUrls: [config.publicUrl, config.RECORDER_PUBLIC_URL],
    ttlMs: config.LEASE_TTL_SEC * 1000,
    sharedRecordings: config.SHARED_RECORDINGS ? { readsHere: config.ROLE !== 'server' } : undefined,
  });
  // First of the onRequest hooks, so every answer carries them, the web app's index included (decision 0014).
  useSecurityHeaders(
    app,
    [
      ...[config.VIDEO_SERVICE_URL, config.AUTH_SERVICE_URL].filter((u): u is string => !!u),
      ...Object.values(config.REGION_MAP),
    ],
    () => hosts.origins(),
  );
  // Limits and the sign-in throttle count in memory, or in a store every instance of a fleet shares.
  const shared =
    opts.sharedState ??
    openSharedState(config.SHARED_STATE_URL, {
      onError: (err) => app.log.warn({ err: String(err) }, 'shared state store unreachable'),
    });
  if (!opts.sharedState) app.addHook('onClose', () => shared.close());
  await useRateLimits(app, shared.limits);
  useCors(app, [config.publicUrl, ...Object.values(config.REGION_MAP)]);
  await useCompression(app);
  // Before the auth guard: a browser navigation to a path that is also an API call (/cameras) gets the web app.
  if (config.ROLE !== 'recorder') await useWebApp(app, { distDir: config.WEB_DIST, page: opts.page });
  // Before the API's routes: the OpenAPI document collects them as they are added (decision 0020).
  if (config.ROLE !== 'recorder') await useApiDocs(app, { version: APP_VERSION });
  return { app, hosts, shared };
}
