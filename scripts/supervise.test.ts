import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPortFree } from './simulator/ports.ts';
import { nextBackoffMs } from './supervise-backoff.ts';

const ROOT = resolve(import.meta.dirname, '..');

describe('nextBackoffMs', () => {
  it('starts at one second, doubles, and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(nextBackoffMs)).toEqual([
      1000, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

/** Start times (epoch ms, from the file names `<startMs>.<hash>.m4s`) of the closed segments under recordings/. */
function closedSegmentStarts(dataDir: string): number[] {
  try {
    return readdirSync(join(dataDir, 'recordings'), { recursive: true, encoding: 'utf8' })
      .map((p) => /(?:^|\/)(\d{13})\.[0-9a-f]+\.m4s$/.exec(p)?.[1])
      .filter((s): s is string => s !== undefined)
      .map(Number);
  } catch {
    return [];
  }
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(from: number, to: number): Promise<number> {
  for (let p = from; p <= to; p++) if (await isPortFree(p, '127.0.0.1')) return p;
  throw new Error(`no free port in ${from}-${to}`);
}

describe('npm run serve (scripts/supervise.ts)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-supervise-'));
  let supervisor: ChildProcess | undefined;
  afterAll(async () => {
    if (supervisor && supervisor.exitCode === null) {
      supervisor.kill('SIGTERM');
      await new Promise((r) => supervisor?.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the server again after kill -9, and recording resumes within 15 s', async () => {
    const port = await freePort(19290, 19299);
    const base = `http://127.0.0.1:${port}`;
    supervisor = spawn(process.execPath, ['scripts/supervise.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_CAMERAS: '1',
        DEMO_CAMERAS_PORT: '19220',
        LOG_LEVEL: 'warn',
      },
    });
    const pids: number[] = [];
    let stderr = '';
    supervisor.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      for (const m of chunk.matchAll(/supervise: server pid (\d+)/g)) pids.push(Number(m[1]));
    });
    const healthy = () =>
      fetch(`${base}/health`).then(
        (r) => (r.ok ? true : undefined),
        () => undefined,
      );

    await until('the first /health', 20_000, healthy);
    // Recording: the demo camera's first closed segment (4 s of video after the camera connects).
    await until('a first segment', 25_000, () => closedSegmentStarts(dataDir).length > 0 || undefined);
    expect(pids).toHaveLength(1);

    const killedAt = Date.now();
    process.kill(pids[0]!, 'SIGKILL');
    await until('the server to die', 2_000, () => {
      try {
        process.kill(pids[0]!, 0);
        return undefined;
      } catch {
        return true;
      }
    });
    await until('/health after the kill', 15_000, healthy);
    await until(
      'a segment that started after the kill',
      15_000 - (Date.now() - killedAt),
      () => closedSegmentStarts(dataDir).some((s) => s > killedAt) || undefined,
    );
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    // Started once more by the supervisor, as a new process; the supervisor itself is still the same one.
    expect(pids).toHaveLength(2);
    expect(pids[1]).not.toBe(pids[0]);
    expect(supervisor.exitCode).toBeNull();
    expect(stderr).toContain('server exited (SIGKILL); restarting in 1000 ms');
  }, 60_000);
});
