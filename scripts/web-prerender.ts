/**
 * Screens' shells rendered at build with the web app's own components (apps/web/src/app/prerender/shells.tsx,
 * through Vite's SSR loader and react-dom/server), written as dist/prerendered.json; the server puts a path's shell
 * in its page (apps/server/src/features/web/prerendered.ts, decision 0885), so the screen's heading paints from the
 * page alone under Lighthouse's mobile throttling instead of after the scripts have loaded and run.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';

/** The file the server reads. */
export const PRERENDERED_FILE = 'prerendered.json';

const WEB = resolve(import.meta.dirname, '../apps/web');

interface Shells {
  slot: string;
  routes: { paths: string[]; branded: boolean; html: Record<string, string> }[];
}

/** Renders the shells and writes dist/prerendered.json; returns how many paths have one. */
export async function writePrerendered(dist: string): Promise<number> {
  const vite = await createServer({
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const m = (await vite.ssrLoadModule('/src/app/prerender/shells.tsx')) as {
      BRAND_SLOT: string;
      renderShells: () => Promise<Shells['routes']>;
    };
    const shells: Shells = { slot: m.BRAND_SLOT, routes: await m.renderShells() };
    writeFileSync(join(dist, PRERENDERED_FILE), `${JSON.stringify(shells, null, 1)}\n`);
    return shells.routes.length;
  } finally {
    await vite.close();
  }
}
