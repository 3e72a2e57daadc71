import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ApiError } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the API's description is served: the browsable page, and its OpenAPI JSON at `/docs/json`. */
export const DOCS_PREFIX = '/docs';

/**
 * The page's own Content-Security-Policy (decision 0020): the app's (decision 0014) with nothing added — Swagger UI
 * loads its scripts and styles from this origin, its inline styles are allowed as for the web app, and its
 * validator badge (an image from validator.swagger.io) is turned off. Stricter than the app's where it can be: no
 * media, workers or WebSockets.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The OpenAPI document of every route, made from the zod schemas the routes declare (request and response), and
 * Swagger UI to browse it (decision 0020). Registered before the routes: the document collects them as they are
 * added. Every answer with a response schema also documents (and, when checked, is checked as) the one error shape
 * of decision 0007 for its 4xx and 5xx answers.
 */
export async function useApiDocs(app: FastifyInstance, d: { version: string }): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    // Public calls say so in the document (no lock in Swagger UI).
    if (route.config?.auth === 'none') route.schema = { ...route.schema, security: [] };
    const response = route.schema.response as Record<string, unknown> | undefined;
    if (response) route.schema.response = { '4xx': ApiError, '5xx': ApiError, ...response };
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vigil API',
        version: d.version,
        description:
          'The cloud video-surveillance API of Vigil: accounts, cameras, live and recorded video, events. ' +
          'Errors are `{ error, code, issues? }` (decision 0007). Most calls need `Authorization: Bearer <auth token>`.',
      },
      components: {
        securitySchemes: { authToken: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ authToken: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(async (scope) => {
    // The page and the document are public, like the API's description in any partner portal.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'none' };
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { validatorUrl: null, deepLinking: true },
      staticCSP: DOCS_CSP,
    });
  });
}

/**
 * A byte-streaming answer (video, playlists, pictures): its content types, not a JSON schema (decision 0020). The
 * bytes are never serialised, so nothing checks them; the document says what they are.
 */
export function media(description: string, types: string[], kind: 'binary' | 'text' = 'binary') {
  // Any payload (a Buffer, a stream, a string) as far as the handler's types go; a string in the document.
  const schema = z.any().meta({ type: 'string', ...(kind === 'binary' ? { format: 'binary' } : {}) });
  return { description, content: Object.fromEntries(types.map((t) => [t, { schema }])) };
}
