import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { fakeRtspServer } from '../cameras/fake-rtsp.ts';
import { cameraRow } from '../cameras/testing.ts';
import { Recording } from './recording.ts';
import { until } from './testing.ts';

/**
 * The camera status the recorder reports, end to end (issue 13): lastThumbTime follows the periodic stills, and an
 * offline camera says why, from what ffmpeg answered. Real simulator, real ffmpeg, a real socket refusing access.
 */
let sim: Simulator;
let refusing: Awaited<ReturnType<typeof fakeRtspServer>>;
const dataDirs: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ cameras: [{ gopSec: 1 }, { gopSec: 1 }], portRange: [18850, 18899] });
  refusing = await fakeRtspServer('401');
});
afterAll(async () => {
  await sim?.stop();
  await refusing?.close();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-camera-status-'));
  dataDirs.push(dataDir);
  return dataDir;
}

describeEachDb(
  'camera status from the recorder',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    const device = async (uidd: string) =>
      (await t.call({ method: 'GET', url: `/cameras/status?uidd[]=${uidd}`, token: owner.token })).json.result
        .devices[0];
    const install = async (url: string) => {
      const res = await t.call({ method: 'POST', url: '/cameras', token: owner.token, payload: { url } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.uidd as string;
    };

    beforeAll(() => {
      t = ctx();
    });
    beforeAll(async () => {
      owner = await signedInUser(t);
    });

    it('moves lastThumbTime with every periodic still, nobody asking for one', async () => {
      const uidd = await install(sim.cameras[0]!.urls.main);
      const first = await until(async () => (await device(uidd)).lastThumbTime as number | null);
      const later = await until(async () => {
        const d = await device(uidd);
        return d.lastThumbTime > first && d;
      });
      expect(later.status).toBe('online');
      expect(later.lastStill).toBe(later.lastThumbTime);
    });

    it('says a camera that went off the network is unreachable', async () => {
      const uidd = await install(sim.cameras[1]!.urls.main);
      await until(async () => (await device(uidd)).status === 'online');
      await sim.stopCamera(1);
      const off = await until(async () => {
        const d = await device(uidd);
        return d.problem === 'unreachable' && d;
      });
      expect(off.status).toBe('offline');
      await sim.startCamera(1);
      const back = await until(async () => {
        const d = await device(uidd);
        return d.status === 'online' && d;
      }, 30_000);
      expect(back.problem).toBeNull();
    }, 60_000);

    it('says a camera refusing access is unauthorised, and a wrong path gives no video', async () => {
      const add = async (deviceId: string, streamUrl: string) => {
        const row = cameraRow({ owner: owner.uid, deviceId, name: deviceId, now: Date.now(), streamUrl });
        // Inserted and announced to the recorder, as an install does, without the install's probe.
        await t.app.services.cameras.settings.ensureCamera({
          ...row,
          uidd: row.uidd as Uidd,
          stream_url: streamUrl,
        });
        return row.uidd;
      };
      const refused = await add('refused', `rtsp://127.0.0.1:${refusing.port}/live`);
      const wrongPath = await add('nopath', sim.cameras[0]!.urls.main.replace(/\/main$/, '/nothing-here'));
      const reasons = await until(async () => {
        const [a, b] = [await device(refused), await device(wrongPath)];
        return a.problem !== 'starting' && b.problem !== 'starting' && [a, b];
      });
      expect(reasons.map((d) => [d.status, d.problem])).toEqual([
        ['offline', 'unauthorised'],
        ['offline', 'no video'],
      ]);
      // The health screen's count of the recorder's own cameras (decision 0747): the two offline listed with why.
      const support = await signedInUser(t, 's');
      const health = await t.call({ method: 'GET', url: '/support/health', token: support.token });
      const [here] = health.json.recorders;
      expect([here.counts.offline, here.problems]).toEqual([2, 2]);
      expect(
        here.cameras
          .map((c: { name: string; state: string; reason: string }) => [c.name, c.state, c.reason])
          .sort(),
      ).toEqual([
        ['nopath', 'offline', 'no video'],
        ['refused', 'offline', 'unauthorised'],
      ]);
    });
  },
  () => ({ DATA_DIR: freshDataDir() }),
  () => ({
    recording: new Recording({
      dataDir: dataDirs.at(-1) as string,
      tuning: {
        stallTimeoutMs: 4000,
        rtspTimeoutMs: 2000,
        backoffInitialMs: 300,
        backoffMaxMs: 1000,
        stillIntervalMs: 1500,
        retentionIntervalMs: 0,
      },
    }),
  }),
);
