/**
 * docs/spec-coverage.md's summary table, counted from its rows: `node scripts/spec-coverage-summary.ts` prints it,
 * `--write` puts it in place; scripts/check-docs.ts (in `npm run check`) fails when the table in the file differs.
 * Parallel branches each changed the counts by hand and every merge made them wrong; counting ends that.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const COVERAGE_FILE = join(import.meta.dirname, '..', 'docs', 'spec-coverage.md');
const STATUSES = ['built', 'partly', 'placeholder', 'not started'] as const;
type Status = (typeof STATUSES)[number];

/** Summary parts, each the sections (headings) whose table rows it counts. */
const PARTS: readonly { name: string; sections: RegExp }[] = [
  { name: 'spec 000 §2 routes (one row per path)', sections: /^### 000 §2 Screens and routes/ },
  { name: 'spec 000 §7 calls', sections: /^### 000 §7 / },
  { name: 'spec 001 §7 calls', sections: /^### 001 §7 / },
  {
    name: 'other items of spec 000 (§1, §2 rules, §3–§6, §8, §9)',
    sections: /^### 000 §(1|2 Routing|3|4|5|6|8|9) /,
  },
  { name: 'other items of spec 001 (§1–§6, §8, §9)', sections: /^### 001 §(1|2|3|4|5|6|8|9) / },
];

/** The status of a table row: its second cell's first words ("built: plate log …" is built). */
function statusOf(row: string): Status | undefined {
  // A cell may hold an escaped pipe (\|) inside code: it does not end the cell.
  const cell =
    row
      .split(/(?<!\\)\|/)[2]
      ?.trim()
      .toLowerCase() ?? '';
  return STATUSES.find((s) => cell === s || cell.startsWith(`${s}:`) || cell.startsWith(`${s} `));
}

export function countRows(text: string): Map<string, Record<Status, number>> {
  const counts = new Map(PARTS.map((p) => [p.name, Object.fromEntries(STATUSES.map((s) => [s, 0]))]));
  let part: string | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) part = PARTS.find((p) => p.sections.test(line))?.name;
    if (!part || !line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const status = statusOf(line);
    const c = counts.get(part) as Record<Status, number>;
    if (status) c[status] += 1;
  }
  return counts as Map<string, Record<Status, number>>;
}

export function summaryTable(text: string): string {
  const counts = countRows(text);
  const total = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  const rows = [...counts].map(([name, c]) => {
    for (const s of STATUSES) total[s] += c[s];
    const n = STATUSES.reduce((a, s) => a + c[s], 0);
    return `| ${name} | ${STATUSES.map((s) => c[s]).join(' | ')} | ${n} |`;
  });
  const all = STATUSES.reduce((a, s) => a + total[s], 0);
  return [
    '| part | built | partly | placeholder | not started | rows |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| **total** | ${STATUSES.map((s) => `**${total[s]}**`).join(' | ')} | **${all}** |`,
  ].join('\n');
}

/** The file with its summary table (the lines from its header row to the total) replaced by the counted one. */
export function withSummary(text: string): string {
  const start = text.indexOf('| part | built |');
  const totalAt = text.indexOf('| **total** |', start);
  const end = text.indexOf('\n', totalAt);
  if (start < 0 || totalAt < 0) throw new Error('spec-coverage.md: no summary table');
  return text.slice(0, start) + summaryTable(text) + text.slice(end);
}

if (import.meta.main) {
  const text = readFileSync(COVERAGE_FILE, 'utf8');
  const arg = process.argv[2];
  if (arg === '--write') writeFileSync(COVERAGE_FILE, withSummary(text));
  else console.log(summaryTable(text));
}
