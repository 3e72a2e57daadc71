import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether a TCP port can be bound on host right now. */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Leases: a port picked here is claimed machine-wide until it is released (or its process is gone), so test files
 * running side by side, in one run or in several, never pick the same port in the moment between checking it and
 * binding it, nor take one whose camera is only off the network for a while (decision 0022). A lease is a file
 * named after the port, created exclusively, holding the process id.
 */
const LEASES = join(tmpdir(), 'vigil-port-leases');
const held = new Set<number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lease(port: number): boolean {
  mkdirSync(LEASES, { recursive: true });
  const file = join(LEASES, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(port);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(file, 'utf8').trim());
      // Held by a live process (this one included): not ours to take. Left by a dead one: taken over, once.
      if (!Number.isInteger(owner) || owner <= 0 || alive(owner) || attempt > 0) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

/** Gives the leases of `ports` back (those this process holds). */
export function releasePorts(ports: Iterable<number>): void {
  for (const port of ports) {
    if (!held.delete(port)) continue;
    rmSync(join(LEASES, String(port)), { force: true });
  }
}

process.once('exit', () => releasePorts([...held]));

/**
 * n free ports from an inclusive range, leased to this process until `releasePorts`, starting at a random offset
 * so that lookups side by side rarely try the same ports first.
 */
export async function pickFreePorts(
  n: number,
  host: string,
  [from, to]: [number, number],
): Promise<number[]> {
  const size = to - from + 1;
  const offset = Math.floor(Math.random() * size);
  const picked: number[] = [];
  for (let i = 0; i < size && picked.length < n; i++) {
    const port = from + ((offset + i) % size);
    if (!lease(port)) continue;
    if (await isPortFree(port, host)) picked.push(port);
    else releasePorts([port]);
  }
  if (picked.length < n) {
    releasePorts(picked);
    throw new Error(`only ${picked.length} of ${n} free ports in ${from}-${to}`);
  }
  return picked;
}
