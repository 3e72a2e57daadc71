import type { Uidd } from '@vigil/contracts';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecorderLog } from '../log.ts';
import { StreamRunner, type StreamStatus } from './stream-runner.ts';

describe('StreamRunner watchdog', () => {
  let sim: Simulator;
  const statuses: StreamStatus[] = [];
  const lines: string[] = [];
  let fragments = 0;
  let runner: StreamRunner;

  beforeAll(async () => {
    sim = await startSimulator({ cameras: [{ gopSec: 1 }] });
    const sink = (_o: object, msg: string): void => {
      lines.push(msg);
    };
    const log: RecorderLog = { debug: sink, info: sink, warn: sink, error: sink };
    runner = new StreamRunner({
      uidd: 'o.c' as Uidd,
      stream: 'main',
      url: sim.cameras[0]!.urls.main,
      ffmpegPath: 'ffmpeg',
      // ffmpeg's own socket timeout is far off: only the watchdog can notice the hang.
      rtspTimeoutMs: 60_000,
      stallTimeoutMs: 2000,
      backoffInitialMs: 500,
      backoffMaxMs: 2000,
      healthyRunMs: 30_000,
      analyzeMs: 500,
      log,
      now: Date.now,
      onInit: () => {},
      onFragment: () => {
        fragments++;
      },
      onBatchEnd: () => {},
      onStatus: (s) => statuses.push(s),
      onRunEnd: async () => {},
    });
    runner.start();
  }, 60_000);

  afterAll(async () => {
    await runner?.stop();
    await sim?.stop();
  });

  it('restarts ffmpeg when a hung camera sends nothing, and recovers when it answers again', async () => {
    await expect.poll(() => runner.status, { timeout: 10_000 }).toBe('online');
    sim.freeze();
    const frozenAt = Date.now();
    await expect
      .poll(() => lines.includes('no data from the camera; restarting ffmpeg'), { timeout: 6000 })
      .toBe(true);
    expect(Date.now() - frozenAt).toBeGreaterThanOrEqual(1900);
    await expect.poll(() => runner.status, { timeout: 6000 }).toBe('offline');
    sim.thaw();
    const before = fragments;
    await expect.poll(() => runner.status, { timeout: 15_000 }).toBe('online');
    await expect.poll(() => fragments, { timeout: 5000 }).toBeGreaterThan(before + 5);
    expect(statuses).toEqual(['online', 'offline', 'online']);
  });

  it('stops politely and stays stopped', async () => {
    await runner.stop();
    expect(runner.status).toBe('offline');
    const n = fragments;
    await new Promise((r) => setTimeout(r, 1000));
    expect(fragments).toBe(n);
  });
});
