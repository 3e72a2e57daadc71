/**
 * `npm run serve`: runs the server (`node apps/server/src/main.ts`, same environment) and starts it again
 * whenever it dies, after a capped backoff (not after an invalid configuration, exit code 2). The production equivalent is deploy/systemd/vigil.service
 * (Restart=always, RestartSec=1); this is for machines without systemd, and what the tests kill -9 under.
 *
 * SIGTERM / SIGINT are passed to the server (its graceful shutdown closes the open segments) and end the
 * supervisor once the server has exited. Each start prints `supervise: server pid N` on stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { nextBackoffMs } from './supervise-backoff.ts';

const MAIN = resolve(import.meta.dirname, '../apps/server/src/main.ts');
/** What apps/server/src/main.ts exits with when the configuration is invalid. */
const CONFIG_ERROR_EXIT = 2;

let child: ChildProcess | undefined;
let stopping = false;
let failures = 0;

const log = (line: string) => process.stderr.write(`supervise: ${line}\n`);

function start(): void {
  const startedAt = Date.now();
  const server = spawn(process.execPath, [MAIN], { stdio: 'inherit', env: process.env });
  child = server;
  log(`server pid ${server.pid}`);
  server.once('exit', (code, signal) => {
    child = undefined;
    if (stopping) process.exit(code ?? 0);
    // main.ts exits 2 on an invalid configuration: starting again cannot help (systemd: RestartPreventExitStatus).
    if (code === CONFIG_ERROR_EXIT) {
      log('server exited with code 2 (invalid configuration); not restarting');
      process.exit(CONFIG_ERROR_EXIT);
    }
    // A run that stayed up a while was healthy: the next restart is immediate again.
    failures = Date.now() - startedAt >= 30_000 ? 0 : failures + 1;
    const delay = nextBackoffMs(failures);
    log(`server exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) start();
    }, delay);
  });
}

for (const sig of ['SIGTERM', 'SIGINT'] as const)
  process.on(sig, () => {
    stopping = true;
    if (child) child.kill(sig);
    else process.exit(0);
  });

start();
