/**
 * `npm test`'s last step: the unit suite and the end-to-end suite in two phases (decision 0023), each line prefixed
 * with its suite, and the exit code of the first that fails once all ran.
 * 1. `unit:video` alone: the unit files that run real video and other processes (Vitest's `video` project, four
 *    files at once). They wait on real time (segments, leases, restarts), so they get the machine to themselves.
 * 2. `e2e` beside `unit:light`: Playwright (three workers) with the rest of the unit suite (the `node` and `web`
 *    projects, two files at once). The end-to-end suite mostly waits on the browser, the server and video; the light
 *    tier's tests keep their own clocks and databases and do not mind a busy machine.
 * Before (decision 0022) the whole unit suite ran first, then e2e; running everything side by side overloaded the
 * two cores (load 20) and timing-bound tests failed. `SUITES=serial` runs 0022's layout: the whole unit suite
 * (all three projects together, four workers), then e2e.
 */
import { spawn } from 'node:child_process';

interface Suite {
  name: string;
  script: string;
  args?: readonly string[];
}
const VIDEO: Suite = { name: 'unit:video', script: 'test:unit', args: ['--project', 'video'] };
const LIGHT: Suite = {
  name: 'unit:light',
  script: 'test:unit',
  args: ['--project', 'node', '--project', 'web', '--maxWorkers', '2'],
};
const UNIT: Suite = { name: 'unit', script: 'test:unit' };
const E2E: Suite = { name: 'e2e', script: 'test:e2e' };
const serial = process.env.SUITES === 'serial';
/** Phases run one after the other; the suites of a phase side by side. */
const PHASES: readonly (readonly Suite[])[] = serial ? [[UNIT], [E2E]] : [[VIDEO], [E2E, LIGHT]];

function withoutForceColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _ignored, ...rest } = env;
  return rest;
}

/** Runs one npm script, echoing its lines with a prefix; resolves with its exit code and time. */
function run(suite: Suite): Promise<{ suite: Suite; code: number; ms: number }> {
  const started = Date.now();
  const args = suite.args ? ['--', ...suite.args] : [];
  const child = spawn('npm', ['run', '--silent', suite.script, ...args], {
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

const started = Date.now();
const results = [];
for (const phase of PHASES) results.push(...(await Promise.all(phase.map(run))));

for (const r of results)
  console.log(
    `${r.suite.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${Math.round(r.ms / 1000)} s`,
  );
console.log(
  `all suites: ${Math.round((Date.now() - started) / 1000)} s (${serial ? 'unit, then e2e' : 'video first, then e2e beside the light tier'})`,
);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
