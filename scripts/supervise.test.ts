import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerRig, startServerRig } from './bench/lib/server-rig.ts';
import { nextBackoffMs } from './supervise-backoff.ts';

const ROOT = resolve(import.meta.dirname, '..');

describe('nextBackoffMs', () => {
  it('starts at one second, doubles, and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(nextBackoffMs)).toEqual([
      1000, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

/** Segment files under recordings/ (`<startMs>.<hash>.part` while open, `.m4s` once closed) and their sizes. */
function segmentFiles(dataDir: string): Array<{ startMs: number; closed: boolean; bytes: number }> {
  const root = join(dataDir, 'recordings');
  let paths: string[];
  try {
    paths = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return paths.flatMap((p) => {
    const m = /(?:^|\/)(\d{13})\.[0-9a-f]+\.(part|m4s)$/.exec(p);
    if (!m) return [];
    try {
      return [{ startMs: Number(m[1]), closed: m[2] === 'm4s', bytes: statSync(join(root, p)).size }];
    } catch {
      return []; // Renamed from .part to .m4s while we looked.
    }
  });
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

const gone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return undefined;
  } catch {
    return true;
  }
};

describe('npm run serve (scripts/supervise.ts)', () => {
  it('does not restart a server whose configuration is invalid, and says so', () => {
    const r = spawnSync(process.execPath, ['scripts/supervise.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port', DEMO_CAMERAS: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('PORT: ');
    expect(r.stderr).toContain(
      'supervise: server exited with code 2 (invalid configuration); not restarting',
    );
    expect(r.stderr.match(/supervise: server pid/g)).toHaveLength(1);
  });

  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-supervise-'));
  let rig: ServerRig | undefined;
  afterAll(async () => {
    await rig?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (rig) rmSync(rig.logPath, { force: true });
  }, 40_000);

  it('starts the server again after kill -9, and recording resumes within 15 s', async () => {
    // The supervised server on a fresh DATA_DIR, one simulated camera (outside the server, as a real camera is)
    // installed through the API and online.
    rig = await startServerRig({ name: 'supervise-test', cameras: 1, dataDir, ports: [19220, 19299] });
    await until(
      'a first closed segment',
      20_000,
      () => segmentFiles(dataDir).some((f) => f.closed) || undefined,
    );
    expect(rig.pids).toHaveLength(1);

    const killedAt = Date.now();
    process.kill(rig.pids[0]!, 'SIGKILL');
    await until('the server to die', 2_000, () => gone(rig!.pids[0]!));
    expect(await rig.healthy(15_000 - (Date.now() - killedAt))).toBe(true);
    // A new segment, started after the kill, with video on disk.
    await until(
      'a segment written after the kill',
      15_000 - (Date.now() - killedAt),
      () => segmentFiles(dataDir).some((f) => f.startMs > killedAt && f.bytes > 0) || undefined,
    );
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    // ... and it is closed and named like any other (its 4 s of video, then the next keyframe).
    await until(
      'that segment closed',
      15_000,
      () => segmentFiles(dataDir).some((f) => f.startMs > killedAt && f.closed) || undefined,
    );
    // Started once more by the supervisor, as a new process; the supervisor itself is still the same one.
    expect(rig.pids).toHaveLength(2);
    expect(rig.pids[1]).not.toBe(rig.pids[0]);
    expect(readFileSync(rig.logPath, 'utf8')).toContain(
      'supervise: server exited (SIGKILL); restarting in 1000 ms',
    );
  }, 60_000);
});
