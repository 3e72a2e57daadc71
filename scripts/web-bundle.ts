/**
 * Run after `vite build` by the web app's build (decision 0760):
 * 0. writes the build's hash and app shell into the service worker (web-shell.ts, decision 0861);
 * 1. precompresses every built text file (.js, .css, .html, .svg, .json, .webmanifest) into NAME.br (brotli,
 *    quality 11) and NAME.gz (gzip, level 9), which the server sends as they are (features/web/static.ts);
 * 2. writes the lazy chunks each measured screen opens first into dist/route-preloads.json, which the server names in
 *    that screen's page as modulepreload links (web-preloads.ts, decision 0878);
 * 3. checks each route's initial JavaScript against its budget: the entry's static imports plus the lazy chunks the
 *    route opens before its first picture, counted in brotli bytes, from Vite's manifest. Past a budget, it prints
 *    what the route loads and exits 1, failing the build.
 * `node scripts/web-bundle.ts [DIST] [--budget-scale 0.5]` (the scale shrinks every budget, to see it fail).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeRoutePreloads } from './web-preloads.ts';
import { writePrerendered } from './web-prerender.ts';
import { writeServiceWorker } from './web-shell.ts';

/**
 * Initial JavaScript per route, in KB of brotli; `lazy` are the manifest's source keys the route opens. Lowered to
 * what was reached when the feature texts left the first page and the declarative router replaced the data router
 * (decision 0763: sign-in 147 → 126, /cameras 186 → 166, /playback 200 → 178); then brands in the page's layout
 * (0821) and the fleet's live-move link (0616) added about 1 KB: sign-in 127, /cameras 167, /playback 180. Then our own
 * translator, the query cache and the app's layouts out of the first page, and the screens' texts in sets (decision
 * 0860): sign-in 100 (issue 21's figure), /cameras 155, /playback 163. A signed-in page also opens the layout and the
 * query cache, which the sign-in page does without.
 */
const SIGNED_IN = ['src/app/layouts/AppLayout.tsx', 'src/app/queries/query-client.ts'];
export const ROUTE_BUDGETS: readonly { route: string; kb: number; lazy: readonly string[] }[] = [
  { route: '/sign-in', kb: 100, lazy: ['src/features/auth/components/SignInPage.tsx'] },
  {
    route: '/cameras',
    kb: 155,
    lazy: ['src/features/cameras/components/CamerasPage.tsx', ...SIGNED_IN],
  },
  {
    route: '/playback',
    kb: 163,
    lazy: ['src/features/recordings/playback/PlaybackPage.tsx', ...SIGNED_IN],
  },
];

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Writes NAME.br and NAME.gz beside each compressible file of `dir`, recursively; the number written. */
export function precompress(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      n += precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    n += 1;
  }
  return n;
}

/** The files a route loads first: the entry's static import closure and each lazy chunk's. */
export function initialFiles(manifest: Record<string, ManifestChunk>, lazy: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build's manifest: ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of lazy) visit(key);
  return [...files].filter((f) => f.endsWith('.js'));
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'budget-scale': { type: 'string', default: '1' } },
  });
  const dist = resolve(positionals[0] ?? join(import.meta.dirname, '../apps/web/dist'));
  const scale = Number(values['budget-scale']);
  const sw = writeServiceWorker(dist);
  console.log(`service worker: build ${sw.build}, ${sw.files} files in the app shell`);
  const written = precompress(dist);
  console.log(`precompressed ${written} files (.br, .gz)`);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  console.log(`route preloads: ${writeRoutePreloads(dist, manifest)} screens`);
  console.log(`prerendered shells: ${await writePrerendered(dist)} screens`);
  let failed = false;
  for (const { route, kb, lazy } of ROUTE_BUDGETS) {
    const files = initialFiles(manifest, lazy);
    const sizes = files.map((f) => ({ f, br: statSync(join(dist, `${f}.br`)).size }));
    const total = sizes.reduce((s, x) => s + x.br, 0) / 1024;
    const budget = kb * scale;
    const ok = total <= budget;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${route}: ${total.toFixed(1)} KB of JavaScript (brotli), budget ${budget} KB`,
    );
    if (!ok) {
      failed = true;
      for (const { f, br } of sizes.sort((a, b) => b.br - a.br))
        console.log(`       ${(br / 1024).toFixed(1)} KB ${f}`);
    }
  }
  if (failed) {
    console.error(
      'bundle budget exceeded: load the extra code lazily where it is needed, or agree a new budget',
    );
    process.exit(1);
  }
}

if (import.meta.main) await main();
