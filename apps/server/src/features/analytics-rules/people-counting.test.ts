import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RealtimeMessage } from '@vigil/contracts';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { Recording } from '../recording/recording.ts';
import { until } from '../recording/testing.ts';

/**
 * People counting end to end (decisions 0794, 0795): a simulated camera (with a sub stream) shows a photograph of a
 * person crossing the whole picture left to right once a loop (motion from 4 s to 24 s of a 30 s loop, its middle
 * at the picture's middle at 14 s); the real recorder detects the motion, the server looks at its keyframes (at
 * most one a second) with the real detector while motion lasts, and the tracker counts the crossings of a count
 * line down the middle. Over two whole walks: two 'in', no 'out', and the crossing rule alerts twice.
 */
let sim: Simulator;
const dataDirs: string[] = [];
const LOOP_SEC = 30;

beforeAll(async () => {
  sim = await startSimulator({
    cameras: [{ gopSec: 1, fps: 10, loopSec: LOOP_SEC, motion: [[4, 24]], object: 'crossing', sd: true }],
    portRange: [21310, 21399],
  });
});
afterAll(async () => {
  await sim?.stop();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-counting-'));
  dataDirs.push(dataDir);
  return dataDir;
}

const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

describeEachDb(
  'people counting on a camera',
  (ctx) => {
    it('counts a person crossing the door line left to right twice in two walks, and alerts twice', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const installed = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: { url: sim.cameras[0]!.urls.main, name: 'Shop door' },
      });
      expect(installed.status, JSON.stringify(installed.json)).toBe(201);
      const cam: string = installed.json.uidd;
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.call({ method, url, token: owner.token, ...(payload ? { payload } : {}) });
      expect((await call('PUT', '/cameras/config/analytics', { uidd: cam, enabled: true })).status).toBe(200);
      // Drawn from the bottom up: left to right across it is 'in'.
      const area = {
        name: 'Door',
        kind: 'line',
        points: [
          [0.5, 0.98],
          [0.5, 0.02],
        ],
      };
      const areas = (await call('POST', '/analytics/areas', { uidd: cam, area })).json.areas;
      const rule = {
        name: 'Coming in',
        areaId: areas[0].id,
        objectClass: 'person',
        event: 'crossing',
        direction: 'in',
      };
      expect((await call('POST', '/analytics/alerts/rules', { uidd: cam, rule })).status).toBe(200);

      const totals = async () => {
        const now = Date.now();
        const r = await call(
          'GET',
          `/analytics/counts?uidd=${cam}&from=${now - 7_200_000}&to=${now + 3_600_000}`,
        );
        const sum = (d: string) =>
          r.json.counts
            .filter((c: { direction: string }) => c.direction === d)
            .reduce((n: number, c: { count: number }) => n + c.count, 0);
        return { in: sum('in'), out: sum('out') };
      };
      // The loop runs from the camera's first client (the recorder: the install's probe came and went); two whole
      // walks after that are the test's.
      await until(() => sim.streamRuns(0).some((r) => r.stoppedAt === undefined), 30_000);
      const now = Date.now();
      const walks = sim
        .motionIntervals(0, now, now + 3 * LOOP_SEC * 1000)
        .filter((w) => w.startMs >= now + 3000);
      const [first, second] = walks;
      expect(second).toBeDefined();
      // Between walks: the last one's counts are written (6 s of stillness), the next has not begun.
      await sleepUntil(first!.startMs - 1000);
      const before = await totals();
      const seen: RealtimeMessage[] = [];
      const stop = t.app.services.realtime.subscribe((m) => {
        if (m.type === 'ruleAlert') seen.push(m);
      });
      try {
        // The walk ends; the event ends after its quiet time; the last picture is looked at.
        await sleepUntil(second!.endMs + 8000);
        await t.app.services.sampler?.idle();
      } finally {
        stop();
      }
      const after = await totals();
      expect({ in: after.in - before.in, out: after.out - before.out }).toEqual({ in: 2, out: 0 });
      expect(seen.map((m) => (m.data as { ruleName: string }).ruleName)).toEqual(['Coming in', 'Coming in']);
      expect(t.app.services.sampler?.stats().sampled).toBeGreaterThanOrEqual(10);
    }, 200_000);
  },
  () => ({ DATA_DIR: freshDataDir() }),
  () => ({
    recording: new Recording({
      dataDir: dataDirs.at(-1) as string,
      tuning: { stillIntervalMs: 0, retentionIntervalMs: 0, backoffInitialMs: 300, backoffMaxMs: 2000 },
    }),
  }),
);
