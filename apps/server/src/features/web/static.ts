import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCS_PREFIX } from '../../http/api-docs.ts';
import { compressedPage, readPrerendered, withInlineStylesheet, withShell } from './prerendered.ts';
import { preloadLinks, readRoutePreloads, withPreloads } from './route-preloads.ts';

/** Where the build puts the web app's hashed files (Vite's `assets/`): cached for ever, never the app's page. */
export const WEB_ASSETS_PREFIX = '/assets/';

/** Paths whose GET answers media even when a browser tab opens them directly. */
const MEDIA_PREFIXES = [
  '/getstill/',
  '/getthumb/',
  '/getalertthumb/',
  '/alertthumb/',
  '/simple/',
  '/video/',
  '/stream/',
  '/hls/',
  '/live/',
  // Brand images and colours.json (decision 0820): a tab opening a logo gets the logo.
  '/brands/',
];

/**
 * The spec's web routes and API calls share paths (/cameras is both a screen and a call), so a browser navigation
 * (Sec-Fetch-Mode: navigate, or an Accept that asks for HTML) gets the web app, and everything else the API.
 */
export function isPageNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '/';
  if (MEDIA_PREFIXES.some((p) => path.startsWith(p))) return false;
  // The API's own page (Swagger UI) is not the web app's.
  if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) return false;
  if (req.headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = req.headers.accept ?? '';
  return accept.startsWith('text/html');
}

/** Registered on the root instance (not as an encapsulated plugin) so its hook also sees unmatched paths. */
export async function useWebApp(
  app: FastifyInstance,
  d: {
    distDir: string;
    /**
     * The page for a request's host with its brand in it, before first paint (features/brands, decision 0820);
     * without it, or when it fails, the page as built (the main brand's look).
     */
    page?: (html: string, host: string | undefined) => Promise<Buffer>;
  },
): Promise<void> {
  const indexPath = join(d.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir: d.distDir }, 'web app not built (npm run build); serving the API only');
    return;
  }
  // The stylesheet inline (decision 0885): the page paints without waiting for another file.
  const html = withInlineStylesheet(readFileSync(indexPath, 'utf8'), d.distDir);
  const index = Buffer.from(html, 'utf8');
  const preloads = readRoutePreloads(d.distDir);
  const shells = readPrerendered(d.distDir);
  const pageFor = async (req: FastifyRequest): Promise<Buffer> => {
    if (!d.page) return index;
    try {
      return await d.page(html, req.hostname);
    } catch (err) {
      req.log.warn({ err: String(err) }, 'brand unavailable; serving the page as built');
      return index;
    }
  };
  // Hashed assets are immutable; index.html must be revalidated so a new release is picked up.
  await app.register(async (scope) => {
    // The web app's files are public; mark every route this scope adds so the auth guard lets them through.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'none' };
    });
    await scope.register(fastifyStatic, {
      root: d.distDir,
      wildcard: false,
      index: false,
      // The build writes NAME.br and NAME.gz beside each asset (decision 0760): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to a browser that accepts them.
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes(WEB_ASSETS_PREFIX))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!isPageNavigation(req)) return;
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith(WEB_ASSETS_PREFIX)) return;
    // The screen's shell, where it has one, in the browser's language (decision 0885).
    const page = shells
      ? Buffer.from(
          withShell((await pageFor(req)).toString('utf8'), shells, path, req.headers['accept-language']),
        )
      : await pageFor(req);
    const { body, encoding } = compressedPage(
      withPreloads(page, preloadLinks(preloads, path)),
      req.headers['accept-encoding'],
    );
    if (encoding) reply.header('content-encoding', encoding);
    // Vary: the same path is another brand's page on another host, and another language's shell.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Host, Accept-Language, Accept-Encoding')
      .send(body);
  });
}
