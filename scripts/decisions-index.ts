/**
 * docs/decisions/README.md's list of decisions, made from the records themselves: `node scripts/decisions-index.ts`
 * prints it, `--write` puts it in place; scripts/check-docs.ts (in `npm run check`) fails when the list in the file
 * differs. Parallel branches each add records; a list kept by hand would be wrong after every merge.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DECISIONS_DIR = join(import.meta.dirname, '..', 'docs', 'decisions');
export const DECISIONS_README = join(DECISIONS_DIR, 'README.md');
const START = '<!-- decisions: made by scripts/decisions-index.ts -->';
const END = '<!-- /decisions -->';

/** One list line per record: its number and title (the first heading), and a note when the record is not in force. */
export function indexLine(file: string, text: string): string {
  const title = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? file;
  const status = /^Status:\s*(.+)$/im.exec(text)?.[1]?.toLowerCase() ?? '';
  const head = text.slice(0, 600);
  const whole = /^\s*superseded/.test(status) || /^>?\s*superseded by/im.test(head);
  const part = /superseded in part|partly superseded|part superseded/i.test(head);
  const note = whole
    ? ' (superseded)'
    : part
      ? ' (partly superseded)'
      : status.startsWith('proposed')
        ? ' (proposed)'
        : '';
  return `- [${title}](${file})${note}`;
}

export function decisionsList(dir = DECISIONS_DIR): string {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-.+\.md$/.test(f))
    .sort()
    .map((f) => indexLine(f, readFileSync(join(dir, f), 'utf8')))
    .join('\n');
}

/** The README with the list between its markers replaced (markers added at the end when missing). */
export function withIndex(readme: string, list: string): string {
  const block = `${START}\n${list}\n${END}`;
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return `${readme.trimEnd()}\n\n## The records\n\n${block}\n`;
  return readme.slice(0, start) + block + readme.slice(end + END.length);
}

if (import.meta.main) {
  const readme = readFileSync(DECISIONS_README, 'utf8');
  const next = withIndex(readme, decisionsList());
  if (process.argv[2] === '--write') writeFileSync(DECISIONS_README, next);
  else console.log(decisionsList());
}
