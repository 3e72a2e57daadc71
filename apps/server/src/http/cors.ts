import type { FastifyInstance } from 'fastify';

/**
 * The web app is served from its own origin; cross-origin calls come from the other regional servers' web apps
 * (a login repeated on this region). Only those origins are allowed, with the Authorization header.
 */
export function useCors(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((u) => new URL(u).origin));
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    if (req.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', 'authorization, content-type, api-version')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    }
  });
}
