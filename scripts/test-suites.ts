/**
 * `npm test`'s last step: the unit suite (`npm run test:unit`) and then the end-to-end suite (`npm run test:e2e`),
 * each line prefixed with its suite, and the exit code of the first that fails (decision 0022).
 * `SUITES=parallel` runs them side by side. Tried as the default, it overloaded the two cores (load 20 beside 7
 * test workers) and timing-bound tests failed (a lease hand-over, a clip download, the playback seek): kept as an
 * option to measure with, not the default.
 */
import { spawn } from 'node:child_process';

interface Suite {
  name: string;
  script: string;
}
const SUITES: readonly Suite[] = [
  { name: 'unit', script: 'test:unit' },
  { name: 'e2e', script: 'test:e2e' },
];

function withoutForceColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _ignored, ...rest } = env;
  return rest;
}

/** Runs one npm script, echoing its lines with a prefix; resolves with its exit code and time. */
function run(suite: Suite): Promise<{ suite: Suite; code: number; ms: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', suite.script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // No colours: a CI log shows escape codes as text. NO_COLOR alone (with FORCE_COLOR set too, Node warns in every
    // process that one of them is ignored; FORCE_COLOR=0 alone leaves Vitest's colours on).
    env: { ...withoutForceColor(process.env), NO_COLOR: '1' },
  });
  const prefix = `[${suite.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
  }
  return new Promise((resolve) =>
    child.on('exit', (code, signal) =>
      resolve({ suite, code: code ?? (signal ? 1 : 0), ms: Date.now() - started }),
    ),
  );
}

const serial = process.env.SUITES !== 'parallel';
const started = Date.now();
const results = [];
if (serial) for (const s of SUITES) results.push(await run(s));
else results.push(...(await Promise.all(SUITES.map(run))));

for (const r of results)
  console.log(
    `${r.suite.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${Math.round(r.ms / 1000)} s`,
  );
console.log(
  `both suites: ${Math.round((Date.now() - started) / 1000)} s (${serial ? 'one after the other' : 'side by side'})`,
);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
