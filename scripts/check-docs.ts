// Fails (exit 1, one line per path) when docs/architecture.md or docs/web.md names, in backticks, a file or folder
// that is not in the repository. Part of `npm run check`, so the pages cannot drift from the tree unnoticed.
//
// The pages name paths relative to what they are describing (`http/auth-guard.ts` under "Server layout
// (`apps/server/src`)"), so a path is found when some file or folder of the repository ends with it at a path
// boundary; a path with a leading `apps/`, `packages/`, `scripts/`… must exist from the root. Routes (`/health`),
// placeholders (`features/<area>/`, `{uidd}`) and commands are not paths and are skipped; a module may be named
// without its extension (`shared/ui/CameraChecklist`); what the build or the tests make (`apps/web/dist`,
// `test-results/`) counts when git ignores it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const CHECKED_DOCS = ['docs/architecture.md', 'docs/web.md'];

const ROOT_FOLDERS = ['apps', 'packages', 'scripts', 'e2e', 'docs', 'deploy', '.ci'];
const FILE_EXTENSIONS = /\.(ts|tsx|md|json|cjs|mjs|js|sh|service|css|html)$/;

/** The backticked names in `markdown` that are meant as repository paths. */
export function pathsNamed(markdown: string): string[] {
  const names = new Set<string>();
  for (const [, token] of markdown.matchAll(/`([^`\n]+)`/g)) {
    if (token && looksLikePath(token)) names.add(token);
  }
  return [...names];
}

function looksLikePath(token: string): boolean {
  if (!/^[A-Za-z0-9._-][A-Za-z0-9._/-]*$/.test(token)) return false; // spaces, routes, <placeholders>, {params}
  if (token.includes('//') || token.startsWith('./') || token.startsWith('../')) return false;
  return token.includes('/') || FILE_EXTENSIONS.test(token);
}

/** The paths of `names` that match no entry of `tree` (repository-relative files and folders, folders without a
 * trailing slash). */
export function missingPaths(names: string[], tree: ReadonlySet<string>): string[] {
  const entries = [...tree];
  const found = (path: string): boolean => {
    if (tree.has(path)) return true;
    if (ROOT_FOLDERS.includes(path.split('/')[0] ?? '')) return false;
    return entries.some((entry) => entry.endsWith(`/${path}`));
  };
  return names.filter((name) => {
    const path = name.replace(/\/$/, '');
    return !(found(path) || found(`${path}.ts`) || found(`${path}.tsx`));
  });
}

/** Whether git ignores `path` as a folder or a file: an output of the build or the tests. */
function ignored(root: string, path: string): boolean {
  const folder = `${path.replace(/\/$/, '')}/`;
  try {
    execFileSync('git', ['check-ignore', '--no-index', folder, path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Every tracked or new (not ignored) file of the repository, and every folder above them. */
function repositoryTree(root: string): Set<string> {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const tree = new Set<string>();
  for (const file of out.split('\n')) {
    if (!file) continue;
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i++) tree.add(parts.slice(0, i).join('/'));
  }
  return tree;
}

function main(): void {
  const root = resolve(import.meta.dirname, '..');
  const tree = repositoryTree(root);
  let failures = 0;
  for (const doc of CHECKED_DOCS) {
    const named = pathsNamed(readFileSync(resolve(root, doc), 'utf8'));
    for (const path of missingPaths(named, tree).filter((p) => !ignored(root, p))) {
      console.error(`${doc}: \`${path}\` names no file or folder of the repository`);
      failures++;
    }
  }
  if (failures > 0) process.exit(1);
}

if (import.meta.main) main();
