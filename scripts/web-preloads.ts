/**
 * The lazy chunks each measured screen opens before its first picture, written by the build as
 * dist/route-preloads.json; the server names them in that screen's page as <link rel="modulepreload"> (decision
 * 0878), so they download with the entry instead of after it has run (one round trip and a download less before
 * the page's first picture under Lighthouse's mobile throttling).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The file the server reads (apps/server/src/features/web/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const APP = 'src/app/layouts/AppLayout.tsx';
const QUERIES = 'src/app/queries/query-client.ts';
const SITE = 'src/app/layouts/HeaderFooterLayout.tsx';

const DEMO_LOGIN = 'src/features/auth/api/demo-login.ts';

/**
 * Paths (exact; one ending in / is a prefix: /shared/TOKEN) and the manifest keys their screen opens. Only the screens
 * named: /cameras/UIDD is another screen, which the cameras list's chunks would only slow down. The demo's screens
 * sign in first (its demo-login call, a chunk of its own).
 */
const SIGNED_IN: readonly { path: string; page: string }[] = [
  { path: '/cameras', page: 'src/features/cameras/components/CamerasPage.tsx' },
  { path: '/events', page: 'src/features/events/components/EventsPage.tsx' },
  { path: '/playback', page: 'src/features/recordings/playback/PlaybackPage.tsx' },
];
const SCREENS: readonly { paths: readonly string[]; lazy: readonly string[] }[] = [
  { paths: ['/sign-in'], lazy: ['src/features/auth/components/SignInPage.tsx'] },
  ...SIGNED_IN.flatMap(({ path, page }) => [
    { paths: [path], lazy: [page, APP, QUERIES] },
    { paths: [`/demo${path}`], lazy: [page, APP, QUERIES, DEMO_LOGIN] },
  ]),
  { paths: ['/shared/'], lazy: ['src/features/recordings/share/SharedVideoPage.tsx', SITE, QUERIES] },
];

/** The JavaScript files of `keys`' static import closures, without those the entry's page already names. */
export function screenFiles(manifest: Record<string, ManifestChunk>, keys: readonly string[]): string[] {
  const closure = (roots: readonly string[]): Set<string> => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`not in the build's manifest: ${key}`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const k of chunk.imports ?? []) visit(k);
    };
    for (const k of roots) visit(k);
    return files;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]?.isEntry));
  return [...closure(keys)].filter((f) => f.endsWith('.js') && !entry.has(f)).map((f) => `/${f}`);
}

/** Writes dist/route-preloads.json: `{ routes: [{ paths, files }] }`. */
export function writeRoutePreloads(dist: string, manifest: Record<string, ManifestChunk>): number {
  const routes = SCREENS.map(({ paths, lazy }) => ({ paths, files: screenFiles(manifest, lazy) }));
  writeFileSync(join(dist, ROUTE_PRELOADS_FILE), `${JSON.stringify({ routes }, null, 1)}\n`);
  return routes.length;
}
