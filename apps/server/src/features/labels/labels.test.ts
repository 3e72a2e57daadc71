import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { Recording } from '../recording/recording.ts';
import { until } from '../recording/testing.ts';

/**
 * Recognition labels end to end (decision 0555): two simulated cameras show a photograph of a person walking
 * across, the real recorder in the server detects the motion, the sink writes the event's still, and the camera
 * with analytics on gets its event labelled 'person' by the real detector; the other camera's events stay
 * unlabelled.
 */
let sim: Simulator;
const dataDirs: string[] = [];

beforeAll(async () => {
  const person = {
    gopSec: 1,
    fps: 10,
    loopSec: 16,
    motion: [[4, 10]] as Array<[number, number]>,
    object: 'person' as const,
  };
  sim = await startSimulator({ cameras: [person, person], portRange: [19600, 19699] });
});
afterAll(async () => {
  await sim?.stop();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-labels-'));
  dataDirs.push(dataDir);
  return dataDir;
}

describeEachDb(
  'recognition labels of motion events',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let labelled: string;
    let plain: string;

    const install = async (url: string, name: string): Promise<string> => {
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: { url, name },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.uidd;
    };

    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      labelled = await install(sim.cameras[0]!.urls.main, 'Hall');
      plain = await install(sim.cameras[1]!.urls.main, 'Yard');
    });

    it('switches analytics on for one camera (PUT config/analytics); installed cameras start without', async () => {
      const [uid, device] = labelled.split('.');
      const listed = async () =>
        (await t.call({ method: 'GET', url: `/cameras?uidd=${labelled}&uidd=${plain}`, token: owner.token }))
          .json;
      expect((await listed()).map((c: { analyticsEnabled: boolean }) => c.analyticsEnabled)).toEqual([
        false,
        false,
      ]);
      const put = (token: string, enabled: unknown) =>
        t.call({
          method: 'PUT',
          url: `/camera/${uid}/${device}/config/analytics`,
          token,
          payload: { enabled },
        });
      const res = await put(owner.token, true);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ uidd: labelled, analyticsEnabled: true });
      const byUidd = new Map(
        (await listed()).map((c: { uidd: string; analyticsEnabled: boolean }) => [
          c.uidd,
          c.analyticsEnabled,
        ]),
      );
      expect(byUidd).toEqual(
        new Map([
          [labelled, true],
          [plain, false],
        ]),
      );
      expect((await put(owner.token, 'yes')).status).toBe(400);
      const stranger = await signedInUser(t);
      expect((await put(stranger.token, false)).status).toBe(404);
    });

    it('labels the event of the camera with analytics "person", served by the events API', async () => {
      const q = `uidd=${labelled}&uidd=${plain}`;
      // The person walks through every 16 s; detection, the still and inference follow.
      const counts = await until(async () => {
        const r = await t.call({ method: 'GET', url: `/rekog/labels/count?${q}`, token: owner.token });
        const person = r.json.find((l: { label: string }) => l.label === 'person');
        return person && r.json;
      }, 100_000);
      expect(counts.find((l: { label: string }) => l.label === 'person').count).toBeGreaterThanOrEqual(1);

      const filtered = await t.call({
        method: 'GET',
        url: `/events?${q}&rekogLabel=person`,
        token: owner.token,
      });
      expect(filtered.json.length).toBeGreaterThanOrEqual(1);
      for (const e of filtered.json) expect(e.cameraUidd).toBe(labelled);
      const event = filtered.json[0];
      expect(event.hasHighResStill).toBe(true);
      // The list carries the names too (decision 0556).
      expect(event.labels).toContain('person');
      const rekog = await t.call({
        method: 'GET',
        url: `/alert/rekog?alertid=${event.id}`,
        token: owner.token,
      });
      expect(rekog.json.result[0]).toMatchObject({ label: 'person', confidence: expect.any(Number) });
      expect(rekog.json.result[0].confidence).toBeGreaterThanOrEqual(0.4);
      expect(rekog.json.result.length).toBeLessThanOrEqual(3);

      // The camera without analytics had events too, and they have no labels.
      const yard = await until(async () => {
        const r = await t.call({ method: 'GET', url: `/events?uidd=${plain}`, token: owner.token });
        return r.json.length > 0 && r.json;
      }, 60_000);
      for (const e of yard) {
        const r = await t.call({ method: 'GET', url: `/alert/rekog?alertid=${e.id}`, token: owner.token });
        expect(r.json.result).toEqual([]);
      }
      const stats = t.app.services.labeller.stats();
      expect(stats.skipped).toBeGreaterThanOrEqual(1);
      expect(stats.labelled).toBeGreaterThanOrEqual(1);
      expect(stats.dropped).toBe(0);
    }, 180_000);
  },
  () => ({ DATA_DIR: freshDataDir() }),
  () => ({
    recording: new Recording({
      dataDir: dataDirs.at(-1) as string,
      tuning: { stillIntervalMs: 0, retentionIntervalMs: 0, backoffInitialMs: 300, backoffMaxMs: 2000 },
    }),
  }),
  { databasesAtOnce: true },
);
