import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickFreePorts, releasePorts } from './ports.ts';

const leaseFile = (port: number) => join(tmpdir(), 'vigil-port-leases', String(port));

/** A port nothing listens on now (one the system just handed out), as a range of one. */
function freeRange(): Promise<[number, number]> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve([port, port]));
    });
  });
}

/** pickFreePorts in another process: what it says, and its exit status. */
function pickElsewhere([port]: [number, number]) {
  const code = `import('${join(import.meta.dirname, 'ports.ts')}').then((m) => m.pickFreePorts(1, '127.0.0.1', [${port}, ${port}])).then(() => console.log('picked'), (e) => console.log(e.message))`;
  return spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
}

describe('port leases', () => {
  it('gives a leased port to nobody else, in this process or another, until it is released', async () => {
    const range = await freeRange();
    const [port] = range;
    expect(await pickFreePorts(1, '127.0.0.1', range)).toEqual([port]);
    expect(readFileSync(leaseFile(port), 'utf8')).toBe(String(process.pid));
    await expect(pickFreePorts(1, '127.0.0.1', range)).rejects.toThrow(
      `only 0 of 1 free ports in ${port}-${port}`,
    );
    expect(pickElsewhere(range).stdout.trim()).toBe(`only 0 of 1 free ports in ${port}-${port}`);
    releasePorts([port]);
    expect(await pickFreePorts(1, '127.0.0.1', range)).toEqual([port]);
    releasePorts([port]);
  });

  it('takes over the lease of a process that is gone; a process gives its leases back when it exits', async () => {
    const range = await freeRange();
    const [port] = range;
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    mkdirSync(join(tmpdir(), 'vigil-port-leases'), { recursive: true });
    writeFileSync(leaseFile(port), gone.stdout.trim());
    expect(await pickFreePorts(1, '127.0.0.1', range)).toEqual([port]);
    releasePorts([port]);
    // Picked and never released: the lease goes when the process exits.
    expect(pickElsewhere(range).stdout.trim()).toBe('picked');
    expect(await pickFreePorts(1, '127.0.0.1', range)).toEqual([port]);
    releasePorts([port]);
  });
});
