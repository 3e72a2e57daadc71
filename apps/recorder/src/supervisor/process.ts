import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

// setpriv (util-linux) sets PR_SET_PDEATHSIG before exec: ffmpeg is killed when the recorder dies, even by
// kill -9 and even while ffmpeg waits on a silent camera (a closed stdout pipe alone stops it only at its next
// write).
const SETPRIV = '/usr/bin/setpriv';
const hasSetpriv = existsSync(SETPRIV);

/** Spawns without a shell; the child dies with this process where the platform allows. */
export function spawnTied(
  cmd: string,
  args: string[],
  stdio: StdioOptions = ['pipe', 'pipe', 'pipe'],
): ChildProcess {
  return hasSetpriv
    ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', cmd, ...args], { stdio })
    : spawn(cmd, args, { stdio });
}

const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/**
 * Stops ffmpeg politely: 'q' on stdin (it finishes the current write and exits), then SIGTERM, then SIGKILL.
 * Resolves when the process is gone.
 */
export function stopProcess(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    child.once('exit', () => {
      for (const t of timers) clearTimeout(t);
      resolve();
    });
    try {
      child.stdin?.end('q');
    } catch {
      // stdin already closed: the signals below still apply.
    }
    timers.push(setTimeout(() => child.kill('SIGTERM'), graceMs));
    timers.push(setTimeout(() => child.kill('SIGKILL'), graceMs * 2));
  });
}
