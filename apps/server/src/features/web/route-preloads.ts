import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The lazy chunks a screen opens before its first picture, from the build's route-preloads.json
 * (scripts/web-preloads.ts, decision 0878): named in that screen's page as modulepreload links, so the browser
 * fetches them beside the entry instead of after the entry has run and asked for them.
 */
export interface RoutePreloads {
  routes: { paths: string[]; files: string[] }[];
}

/** The build's map, or none (an older build, or a test's dist without it). */
export function readRoutePreloads(distDir: string): RoutePreloads | undefined {
  const file = join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
}

/** The links for `path` (a listed path, or under one ending in /); '' when it is none of the measured screens. */
export function preloadLinks(map: RoutePreloads | undefined, path: string): string {
  const route = map?.routes.find((r) =>
    r.paths.some((p) => path === p || (p.endsWith('/') && path.startsWith(p))),
  );
  // Only the build's own file names (hashed /assets/ paths) ever reach the page.
  const files = (route?.files ?? []).filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f));
  return files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
}

/** The page with `links` before its </head>. */
export function withPreloads(page: Buffer, links: string): Buffer {
  if (!links) return page;
  return Buffer.from(page.toString('utf8').replace('</head>', `${links}</head>`), 'utf8');
}
