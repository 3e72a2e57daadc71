// Fails (exit 1, one line per path) when the README, docs/architecture.md or docs/web.md names, in backticks, a file
// or folder that is not in the work tree, or one outside the repository (`../…`: the repository stands on its own).
// Part of `npm run check`, so the pages cannot drift from the tree unnoticed.
//
// How a name is looked up:
// - one starting with a top folder (`apps/…`, `scripts/…`, `e2e/…`) from the root;
// - in a section whose heading names a folder ("Server layout (`apps/server/src`)"), anywhere under that folder:
//   `http/auth-guard.ts`, `storage/` (a feature folder) must be found below apps/server/src;
// - elsewhere, anywhere in the repository (some file or folder ending with it at a path boundary).
// A module may be named without its extension (`shared/ui/CameraChecklist`); what the build or the tests make
// (`apps/web/dist`, `test-results/`) counts when git ignores it. Routes (`/health`), placeholders
// (`features/<area>/`, `{uidd}`), commands and code are not paths and are skipped.
import { execFileSync } from 'node:child_process';
import { type Dirent, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { DECISIONS_README, decisionsList, withIndex } from './decisions-index.ts';
import { COVERAGE_FILE, withSummary } from './spec-coverage-summary.ts';

export const CHECKED_DOCS = ['README.md', 'docs/architecture.md', 'docs/web.md'];

const ROOT_FOLDERS = ['apps', 'packages', 'scripts', 'e2e', 'docs', 'deploy', '.ci'];
/** What npm, the build and the tests make (git ignores them; this is for a work tree without git). */
const GENERATED = /(^|\/)(node_modules|\.git|dist|data|test-results|playwright-report)(\/|$)/;
const FILE_EXTENSIONS = /\.(ts|tsx|md|json|cjs|mjs|js|sh|service|css|html)$/;

/** A path named by a page, and the folder its section is about ('' when the section names none). */
export interface NamedPath {
  path: string;
  under: string;
}

/** The backticked names in `markdown` that are meant as repository paths, each with its section's folder. */
export function pathsNamed(markdown: string): NamedPath[] {
  const named = new Map<string, NamedPath>();
  let under = '';
  for (const line of markdown.split('\n')) {
    const tokens = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '').filter(looksLikePath);
    if (line.startsWith('#')) {
      under = tokens[0]?.replace(/\/$/, '') ?? '';
      continue;
    }
    for (const path of tokens) named.set(`${under}\n${path}`, { path, under });
  }
  return [...named.values()];
}

function looksLikePath(token: string): boolean {
  if (!/^[A-Za-z0-9._-][A-Za-z0-9._/-]*$/.test(token)) return false; // spaces, routes, <placeholders>, {params}
  if (token.includes('//') || token.startsWith('./')) return false;
  return token.includes('/') || FILE_EXTENSIONS.test(token);
}

/** The names that match no entry of `tree` (repository-relative files and folders, folders without a trailing
 * slash). */
export function missingPaths(names: NamedPath[], tree: ReadonlySet<string>): NamedPath[] {
  const entries = [...tree];
  const found = (path: string, under: string): boolean => {
    if (tree.has(path)) return true;
    if (ROOT_FOLDERS.includes(path.split('/')[0] ?? '')) return false;
    const prefix = under ? `${under}/` : '';
    return entries.some(
      (entry) => entry.startsWith(prefix) && (entry === `${prefix}${path}` || entry.endsWith(`/${path}`)),
    );
  };
  return names.filter(({ path: name, under }) => {
    if (name.startsWith('../')) return true;
    const path = name.replace(/\/$/, '');
    return !(found(path, under) || found(`${path}.ts`, under) || found(`${path}.tsx`, under));
  });
}

/** Whether git ignores `path` as a folder or a file: an output of the build or the tests. */
function ignored(root: string, path: string): boolean {
  if (GENERATED.test(path)) return true;
  const folder = `${path.replace(/\/$/, '')}/`;
  try {
    execFileSync('git', ['check-ignore', '--no-index', folder, path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The work tree's files: git's tracked and new (not ignored) ones; without git (an unpacked archive), every file
 * outside what the build, the tests and npm make. */
function workTreeFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\n');
  } catch {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile())
      .map((d) => relative(root, join(d.parentPath, d.name)))
      .filter((f) => !GENERATED.test(f));
  }
}

/** Every file of the work tree, and every folder above them. */
function repositoryTree(root: string): Set<string> {
  const tree = new Set<string>();
  for (const file of workTreeFiles(root)) {
    if (!file || !existsSync(resolve(root, file))) continue; // deleted in the work tree, not yet in git
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
    for (const { path, under } of missingPaths(named, tree).filter((n) => !ignored(root, n.path))) {
      const where = under ? ` under ${under}` : '';
      console.error(`${doc}: \`${path}\` names no file or folder of the repository${where}`);
      failures++;
    }
  }
  // The coverage summary is counted from its rows, not written by hand (merges kept breaking it).
  const coverage = readFileSync(COVERAGE_FILE, 'utf8');
  if (withSummary(coverage) !== coverage) {
    console.error(
      'docs/spec-coverage.md: the summary does not match the rows; run node scripts/spec-coverage-summary.ts --write',
    );
    failures++;
  }
  const decisions = readFileSync(DECISIONS_README, 'utf8');
  if (withIndex(decisions, decisionsList()) !== decisions) {
    console.error(
      'docs/decisions/README.md: the list of decisions is out of date; run node scripts/decisions-index.ts --write',
    );
    failures++;
  }
  if (failures > 0) process.exit(1);
}

if (import.meta.main) main();
