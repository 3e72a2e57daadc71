// Folder-level import cycles in the server (decision 0018), run by `npm run check:imports` after depcruise.
// dependency-cruiser's `circular` is per file and its `--collapse` only reshapes the report (validation runs on
// the uncollapsed graph), so this script takes depcruise's JSON graph, collapses every module to its folder
// (`features/<name>` or a top-level folder such as `http`), and fails on any cycle between those folders.
// Tests and test helpers are left out: they compose features the way app.ts does.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const SCOPE = 'apps/server/src';
/** The unit a module belongs to: its feature folder, else its top-level folder; top-level files stand alone. */
const FOLDER = /^apps\/server\/src\/(features\/[^/]+|[^/]+)\//;
const IGNORED = /\.test\.ts$|(^|\/)testing(\/|\.ts$)/;

interface Cruised {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

export type Graph = Map<string, Map<string, string[]>>;

/** Folder → folder it imports → the file imports that make the edge (so a failure names the lines to change). */
export function collapse(cruised: Cruised): Graph {
  const graph: Graph = new Map();
  const unit = (path: string) =>
    path.startsWith(`${SCOPE}/`) ? (FOLDER.exec(path)?.[1] ?? path) : undefined;
  for (const m of cruised.modules) {
    const from = unit(m.source);
    if (!from || IGNORED.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = unit(d.resolved);
      if (!to || to === from || IGNORED.test(d.resolved)) continue;
      const edges = graph.get(from) ?? graph.set(from, new Map()).get(from);
      const why = edges?.get(to) ?? edges?.set(to, []).get(to);
      why?.push(`${m.source.slice(SCOPE.length + 1)} → ${d.resolved.slice(SCOPE.length + 1)}`);
    }
  }
  return graph;
}

/** Strongly connected components of two or more folders (Tarjan): each is at least one folder cycle. */
export function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w !== undefined) {
          onStack.delete(w);
          scc.push(w);
        }
      } while (w !== undefined && w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

function main(): void {
  // depcruise exits non-zero when a rule of its own fails; that is its report's business, the graph is still whole.
  const run = spawnSync(
    // The running node (the project's own), not whatever `node` the PATH finds first.
    process.execPath,
    [
      join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
      SCOPE,
      '--output-type',
      'json',
      '--config',
      '.dependency-cruiser.cjs',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Its warnings (no TypeScript 7 compiler API) are already in depcruise's own run of check:imports.
  if (!run.stdout) throw new Error(`depcruise gave no graph (exit ${run.status}): ${run.stderr}`);
  const graph = collapse(JSON.parse(run.stdout) as Cruised);
  const found = cycles(graph);
  if (found.length === 0) {
    console.log(`✔ no folder cycles in ${SCOPE} (${graph.size} folders)`);
    return;
  }
  for (const scc of found) {
    console.error(`✘ folder cycle in ${SCOPE}: ${scc.join(' ⇄ ')}`);
    for (const from of scc)
      for (const [to, why] of graph.get(from) ?? [])
        if (scc.includes(to)) for (const line of why) console.error(`    ${from} → ${to}: ${line}`);
  }
  console.error(
    'Folders must import each other one way; see docs/decisions/0018-server-feature-boundaries.md.',
  );
  process.exitCode = 1;
}

if (import.meta.main) main();
