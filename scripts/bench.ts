/**
 * npm run bench -- NAME [options]: runs scripts/bench/NAME.ts. Each benchmark prints what it does, then ends
 * with one JSON line of its figures.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, 'bench');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
const name = process.argv[2];
if (!name || !names.includes(name)) {
  console.error(`usage: npm run bench -- NAME [options]\nbenchmarks: ${names.join(', ')}`);
  process.exit(2);
}
process.argv.splice(2, 1);
await import(join(dir, `${name}.ts`));
