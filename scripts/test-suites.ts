/**
 * `npm test`'s last step: the unit suite and the end-to-end suite, each line prefixed with its suite, and the exit
 * code of the first that fails once all ran (decisions 0022, 0023).
 * Default: the whole unit suite (Vitest's three projects mixed on four workers, the video files spread through it by
 * scripts/vitest-sequencer.ts, decision 0888), then e2e.
 * `SUITES=phased`: two phases. 1. `unit:video` alone: the unit files that run real video and other processes
 * (Vitest's `video` project, four files at once). 2. `e2e` beside `unit:light`: Playwright (three workers) with the
 * rest of the unit suite (the `node` and `web` projects, two files at once), which keeps its own clocks and
 * databases and does not mind a busy machine, while the e2e suite mostly waits on browsers, the server and video.
 * Not the default until a clean two-core machine has run it: on a machine shared with seven other sessions (load
 * 30–50) the video files run together took 2.5 times their mixed time and more of them failed their time limits.
 * Everything side by side (session 8) overloaded the two cores (load 20) and timing-bound tests failed.
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
const phased = process.env.SUITES === 'phased';
/** Phases run one after the other; the suites of a phase side by side. */
const PHASES: readonly (readonly Suite[])[] = phased ? [[VIDEO], [E2E, LIGHT]] : [[UNIT], [E2E]];

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
  `all suites: ${Math.round((Date.now() - started) / 1000)} s (${phased ? 'video first, then e2e beside the light tier' : 'unit, then e2e'})`,
);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
