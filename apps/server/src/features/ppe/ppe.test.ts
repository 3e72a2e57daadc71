import type { RealtimeMessage, Uidd } from '@vigil/contracts';
import { ppeSceneJpeg } from '@vigil/simulator';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';

/**
 * The PPE check through the app (decisions 0870, 0871) on both databases: stills drawn by the simulator's PPE
 * scene go through the app's labeller (the real detector) to the PPE analyser; a man in a vest without a hard hat,
 * standing in the camera's safety zone, makes one violation record with the fields below; the same picture of a
 * camera without PPE, and a man wearing both, make none. The switch makes the login's `ppeCameras` true.
 */
const T0 = Date.UTC(2026, 10, 24, 9, 30);
const scene = { scale: 1.6, light: 0, wall: '0x6b6660', width: 640, height: 360 } as const;

async function ppeCamera(t: TestApp, token: string, uid: string, zones: 'named' | 'all') {
  const cam = await insertCamera(t, uid);
  const analytics = await t.call({
    method: 'PUT',
    url: '/cameras/config/analytics',
    token,
    payload: { uidd: cam, enabled: true, scheme: 'objects' },
  });
  expect(analytics.status).toBe(200);
  const area = (name: string, points: number[][]) =>
    t.call({
      method: 'POST',
      url: '/analytics/areas',
      token,
      payload: { uidd: cam, area: { name, kind: 'zone', points } },
    });
  const made = await area('Scaffold', [
    [0.3, 0.6],
    [0.8, 0.6],
    [0.8, 1],
    [0.3, 1],
  ]);
  await area('Gate', [
    [0, 0],
    [0.2, 0],
    [0.2, 0.3],
    [0, 0.3],
  ]);
  const scaffold = made.json.areas.find((a: { name: string }) => a.name === 'Scaffold').id as string;
  return { cam, scaffold, zones: zones === 'named' ? [scaffold] : [] };
}

// The real detector on three stills: slow on a busy machine.
describeEachDb('the PPE check on motion stills', (ctx) => {
  it('stores one violation for a man without a hard hat in the safety zone', async () => {
    const t = ctx();
    t.clock.t = T0;
    const u = await signedInUser(t);
    const login = () =>
      t.call({ method: 'POST', url: '/login', payload: { email: u.email, password: u.password } });
    const site = await ppeCamera(t, u.token, u.uid, 'named');
    const plain = await insertCamera(t, u.uid);
    expect((await login()).json.organisations[0].ppeCameras).toBe(false);
    const path = site.cam.replace('.', '/');
    const on = await t.call({
      method: 'PUT',
      url: `/camera/${path}/config/ppe`,
      token: u.token,
      payload: { enabled: true, zones: site.zones },
    });
    expect(on.json).toEqual({ uidd: site.cam, ppeEnabled: true, zones: [site.scaffold] });
    expect((await login()).json.organisations[0].ppeCameras).toBe(true);

    const noHelmet = ppeSceneJpeg({ ...scene, helmet: null, vest: 'yellow' });
    const both = ppeSceneJpeg({ ...scene, helmet: 'yellow', vest: 'yellow' });
    const seen: RealtimeMessage[] = [];
    const stop = t.app.services.realtime.subscribe((m) => {
      if (m.type === 'ruleAlert') seen.push(m);
    });
    try {
      const labeller = t.app.services.labeller;
      labeller.still({ id: 'ev1', uidd: site.cam, still: noHelmet, atMs: T0 - 5000 });
      labeller.still({ id: 'ev2', uidd: plain as Uidd, still: noHelmet, atMs: T0 - 4000 });
      labeller.still({ id: 'ev3', uidd: site.cam, still: both, atMs: T0 - 3000 });
      await labeller.idle();
      await t.app.services.ppe.idle();
    } finally {
      stop();
    }

    const list = await t.call({
      method: 'GET',
      url: `/ppe/violations?uidd=${site.cam},${plain}`,
      token: u.token,
    });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    const v = list.json[0];
    expect(v).toMatchObject({
      uidd: site.cam,
      eventId: 'ev1',
      stillTimeMs: T0 - 5000,
      zoneId: site.scaffold,
      zoneName: 'Scaffold',
      missing: ['helmet'],
    });
    // The detector's confidence in the man (≈ 0.5) times a clear absence: no helmet colour at all in his head region.
    expect(v.confidence).toBeGreaterThan(0.3);
    expect(v.confidence).toBeLessThanOrEqual(1);
    // The man stands in the middle of the picture: his box is about x 0.40–0.72, y 0.31–0.92.
    expect((v.box as number[]).map((n) => Math.round(n * 10) / 10)).toEqual([0.4, 0.3, 0.7, 0.9]);
    expect(seen.map((m) => m.type === 'ruleAlert' && [m.data.id, m.data.ruleId, m.data.areaName])).toEqual([
      ['ev1', 'ppe-helmet', 'Scaffold'],
    ]);

    const filtered = async (q: string) =>
      (await t.call({ method: 'GET', url: `/ppe/violations?uidd=${site.cam}&${q}`, token: u.token })).json
        .length;
    expect(await filtered('kind=helmet')).toBe(1);
    expect(await filtered('kind=vest')).toBe(0);
    expect(await filtered(`zone=${site.scaffold}`)).toBe(1);
    expect(await filtered(`startt=${T0 - 4000}`)).toBe(0);
    const counts = await t.call({ method: 'GET', url: `/ppe/counts?uidd=${site.cam}`, token: u.token });
    expect(counts.json).toEqual([
      { uidd: site.cam, zoneId: site.scaffold, zoneName: 'Scaffold', helmet: 1, vest: 0, total: 1 },
    ]);
    const cams = await t.call({
      method: 'GET',
      url: `/ppe/cameras?uidd=${site.cam},${plain}`,
      token: u.token,
    });
    expect(cams.json).toEqual({ uidds: [site.cam] });
  }, 120_000);
});
