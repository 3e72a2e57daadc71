// Each table is written by one server feature and read by it alone (decision 0018), run by `npm run check:imports`.
// Import rules cannot see SQL: a feature that writes `db.updateTable('cameras')` itself imports nothing of the
// cameras feature. This script reads the Kysely calls that name a table in each feature's files (tests left out),
// makes the feature that writes a table its owner, and fails when two features write one table or a feature reads
// another's table, apart from the joins listed below.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const FEATURES = join(ROOT, 'apps/server/src/features');
const WRITE = new Set(['insertInto', 'updateTable', 'deleteFrom']);
const CALL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)/g;
const IGNORED = /\.test\.ts$|(^|\/)testing\.ts$/;

/**
 * The one list of reads across features, each a join inside one query whose point is that join. Anything else goes
 * through the owner's service. Key: `<reader> reads <table>`.
 */
export const JOINS: Readonly<Record<string, string>> = {
  'auth reads cameras':
    "an organisation's has_cameras flag for the login result, an EXISTS in the organisations query (auth/organisations-repository.ts)",
  'auth reads ppe_cameras':
    "an organisation's has_ppe_cameras flag (ppeCameras) for the login result, an EXISTS in the organisations query (auth/organisations-repository.ts)",
  'fleet reads cameras':
    'which cameras are installed, a subquery of the lease sync that gives each one a lease row in one statement (fleet/leases-repository.ts)',
  'accounts reads users':
    "a membership's owner e-mail, joined in the memberships query (accounts/members-repository.ts)",
};

export interface TableUse {
  feature: string;
  table: string;
  write: boolean;
  where: string;
}

/** The table uses of one source file. */
export function usesIn(feature: string, where: string, source: string): TableUse[] {
  return [...source.matchAll(CALL)].map((m) => ({
    feature,
    table: m[2] as string,
    write: WRITE.has(m[1] as string),
    where,
  }));
}

/** What breaks the rule, one line each. */
export function problems(
  uses: readonly TableUse[],
  joins: Readonly<Record<string, string>> = JOINS,
): string[] {
  const writers = new Map<string, Set<string>>();
  for (const u of uses)
    if (u.write) (writers.get(u.table) ?? writers.set(u.table, new Set()).get(u.table))?.add(u.feature);
  const out: string[] = [];
  for (const [table, features] of writers)
    if (features.size > 1) out.push(`table ${table} is written by ${[...features].sort().join(' and ')}`);
  const seen = new Set<string>();
  for (const u of uses) {
    const owners = writers.get(u.table);
    if (u.write || !owners || owners.has(u.feature)) continue;
    const key = `${u.feature} reads ${u.table}`;
    if (key in joins || seen.has(`${key} ${u.where}`)) continue;
    seen.add(`${key} ${u.where}`);
    out.push(`${key} (owned by ${[...owners].join(', ')}): ${u.where}`);
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function main(): void {
  const uses: TableUse[] = [];
  for (const feature of readdirSync(FEATURES, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    for (const file of filesUnder(join(FEATURES, feature.name))) {
      const where = relative(ROOT, file);
      if (!IGNORED.test(where)) uses.push(...usesIn(feature.name, where, readFileSync(file, 'utf8')));
    }
  }
  const found = problems(uses);
  const tables = new Set(uses.map((u) => u.table)).size;
  if (found.length === 0) {
    console.log(`✔ every table of apps/server written and read by its own feature (${tables} tables)`);
    return;
  }
  for (const p of found) console.error(`✘ ${p}`);
  console.error(
    "A feature's tables are its own: ask the owner's service (decision 0018); joins across features are listed in scripts/check-table-owners.ts.",
  );
  process.exitCode = 1;
}

if (import.meta.main) main();
