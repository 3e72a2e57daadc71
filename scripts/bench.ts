/**
 * `npm run bench -- NAME [options]`: runs scripts/bench/NAME.ts. Each benchmark prints its figures and ends with
 * one JSON line of them.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const [name, ...rest] = process.argv.slice(2);
const dir = join(import.meta.dirname, 'bench');
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('_'))
  .map((f) => f.slice(0, -3));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- NAME [options]\n  NAME: ${available.join(', ')}`);
  process.exit(2);
}
process.argv = [process.argv[0]!, join(dir, `${name}.ts`), ...rest];
await import(join(dir, `${name}.ts`));
