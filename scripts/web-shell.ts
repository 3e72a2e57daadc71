/**
 * The service worker's part of the web build (decision 0861), run by scripts/web-bundle.ts before it precompresses:
 * writes into the built `sw.js` the build's hash (its cache's name) and the app shell it caches when installed — the
 * entry's code and styles with everything they import, the sign-in page's and the French texts' chunks (a French
 * reader's first page awaits them), so that a second visit reaches the sign-in screen with no network.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ShellChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** The manifest's source keys of the lazy chunks the offline sign-in screen needs besides the entry. */
export const SHELL_LAZY = ['src/features/auth/components/SignInPage.tsx', 'src/shared/i18n/fr.ts'] as const;

/** The line of public/sw.js this build replaces; in development it stays as it is (the worker then caches nothing). */
const SHELL_LINE = /^const SHELL = \{.*\};.*$/m;

/** The shell's URLs: the entry's and SHELL_LAZY's chunks with their static imports, styles and assets, sorted. */
export function shellFiles(
  manifest: Record<string, ShellChunk>,
  lazy: readonly string[] = SHELL_LAZY,
): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build's manifest: ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const f of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${f}`);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of lazy) visit(key);
  return [...files].sort();
}

/** The build's hash: of its manifest, which names every hashed file, so any change of code gives a new cache. */
export const buildHash = (manifestText: string): string =>
  createHash('sha256').update(manifestText).digest('hex').slice(0, 16);

/** Fills dist/sw.js's SHELL line; returns the build hash and the number of files in the shell. */
export function writeServiceWorker(dist: string): { build: string; files: number } {
  const manifestText = readFileSync(join(dist, '.vite/manifest.json'), 'utf8');
  const files = shellFiles(JSON.parse(manifestText) as Record<string, ShellChunk>);
  const build = buildHash(manifestText);
  const path = join(dist, 'sw.js');
  const source = readFileSync(path, 'utf8');
  if (!SHELL_LINE.test(source)) throw new Error(`${path} has no SHELL line to fill`);
  writeFileSync(path, source.replace(SHELL_LINE, `const SHELL = ${JSON.stringify({ build, files })};`));
  return { build, files: files.length };
}
