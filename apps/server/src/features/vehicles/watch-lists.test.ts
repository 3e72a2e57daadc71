import type { RealtimeMessage, Uidd } from '@vigil/contracts';
import type { PlateRead, PlateRecognition } from '@vigil/recorder';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';

/**
 * Plate watch-lists and their alert rules (decision 0796) on both databases, through the app: the lists' calls,
 * then ended events whose keyframes a stand-in plate reader reads (the real one is tested on real pictures in the
 * recorder), and the `ruleAlert` messages the plate rules make on the realtime stream.
 */
const T0 = Date.UTC(2026, 10, 24, 12);

/** A car whose box spans x1..x2 (pixels of a 1280 × 720 picture) and stands at y 600. */
function car(plate: string, x1: number, x2: number, label = 'car'): PlateRead {
  return {
    plate,
    confidence: 0.9,
    region: 'GB',
    colour: 'red',
    plateColour: 'white',
    location: 'front',
    vehicle: { label, confidence: 0.8, box: { x1, y1: 300, x2, y2: 600 } },
    plateBox: { x1: x1 + 50, y1: 500, x2: x1 + 150, y2: 530 },
    plateHeight: 24,
  };
}

// Keyframe n at T0 + n s shows `SHOWS[n]`; each picture carries its number.
const SHOWS: Record<number, PlateRead[]> = {
  0: [car('AB12CDE', 100, 400)],
  1: [car('KX70YPM', 150, 450)],
  2: [car('XY34ZZT', 900, 1200)],
  // A start still: the denied car misread by one character.
  5: [car('KX70YPN', 150, 450)],
  // Another event: the allowed car misread by one character, a van of the deny list outside the gate.
  60: [car('AB12CDF', 100, 400), car('KX70YPM', 800, 1100, 'truck')],
};
const plates = {
  keyframe: async (_uidd: Uidd, ms: number) => {
    const n = Math.floor((ms - T0) / 1000);
    return { atMs: T0 + n * 1000, jpeg: new Uint8Array(new Uint32Array([n]).buffer) };
  },
  recogniser: {
    read: (jpegs: Uint8Array[]): Promise<PlateRecognition> =>
      Promise.resolve({
        pictures: jpegs.map((j, i) => ({
          picture: i,
          width: 1280,
          height: 720,
          vehicles: 1,
          reads: SHOWS[new Uint32Array(j.buffer)[0]!] ?? [],
        })),
        decodeMs: 1,
        detectMs: 1,
        ocrMs: 1,
        loadMs: undefined,
      }),
    stats: () => ({ done: 0, failed: 0, dropped: 0, queued: 0, busy: false }),
    close: async () => {},
  },
};

/** A camera with the LPR add-on, the lists (KX70YPM denied, AB12CDE allowed), a gate zone and four plate rules. */
async function gateWithRules(t: TestApp, token: string, uid: string): Promise<{ cam: Uidd; gate: string }> {
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.call({ method, url, token, payload });
  const cam = await insertCamera(t, uid, { timezone: 'UTC' });
  expect(
    (
      await t.call({
        method: 'PUT',
        url: `/camera/${cam.replace('.', '/')}/config/lpr`,
        token,
        payload: { enabled: true },
      })
    ).status,
  ).toBe(200);
  const list = (l: string, plate: string) => call('POST', '/vehicles/watch-lists', { uid, list: l, plate });
  await list('deny', 'KX70YPM');
  await list('allow', 'AB12CDE');
  const area = {
    name: 'Gate',
    kind: 'zone',
    points: [
      [0, 0],
      [0.5, 0],
      [0.5, 1],
      [0, 1],
    ],
  };
  const gate = (await call('POST', '/analytics/areas', { uidd: cam, area })).json.areas[0].id;
  const rule = async (name: string, event: string, objectClass: string, extra: object = {}) => {
    const res = await call('POST', '/analytics/alerts/rules', {
      uidd: cam,
      rule: { name, areaId: gate, objectClass, event, ...extra },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res;
  };
  await rule('Banned car at the gate', 'plateDenied', 'car');
  await rule('Banned van at the gate', 'plateDenied', 'truck');
  await rule('Stranger at the gate', 'plateNotAllowed', 'car');
  const all = await rule('Night strangers', 'plateNotAllowed', 'car', {
    schedule: { days: [2], from: '22:00', to: '06:00' },
  });
  expect(all.json.rules.map((r: { event: string }) => r.event).sort()).toEqual([
    'plateDenied',
    'plateDenied',
    'plateNotAllowed',
    'plateNotAllowed',
  ]);
  return { cam, gate };
}

describeEachDb(
  'plate watch-lists',
  (ctx) => {
    const call = (
      t: TestApp,
      token: string,
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: object,
    ) => t.call({ method, url, token, ...(payload ? { payload } : {}) });

    it('keeps an account’s allow and deny lists, normalised, for those who may', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const lists = `/vehicles/watch-lists?uid=${u.uid}`;
      expect((await call(t, u.token, 'GET', lists)).json).toEqual({ uid: u.uid, allow: [], deny: [] });
      const add = (list: string, plate: string, note?: string) =>
        call(t, u.token, 'POST', '/vehicles/watch-lists', {
          uid: u.uid,
          list,
          plate,
          ...(note ? { note } : {}),
        });
      await add('deny', 'kx70 ypm', 'Stolen van');
      await add('allow', 'AB12-CDE', 'Our car');
      await add('allow', 'LB07SEO');
      const renoted = await add('deny', 'KX70YPM', 'Stolen van, reported');
      expect(renoted.status).toBe(200);
      expect(renoted.json).toEqual({
        uid: u.uid,
        allow: [
          { plate: 'AB12CDE', note: 'Our car' },
          { plate: 'LB07SEO', note: '' },
        ],
        deny: [{ plate: 'KX70YPM', note: 'Stolen van, reported' }],
      });
      const bad = await add('deny', 'HELLO');
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.json)).toContain(
        'A plate has 4 to 8 letters and digits, at least one of them a digit',
      );
      const gone = await call(t, u.token, 'DELETE', '/vehicles/watch-lists', {
        uid: u.uid,
        list: 'allow',
        plate: 'lb07 seo',
      });
      expect(gone.json.allow).toEqual([{ plate: 'AB12CDE', note: 'Our car' }]);
      expect(
        (
          await call(t, u.token, 'DELETE', '/vehicles/watch-lists', {
            uid: u.uid,
            list: 'allow',
            plate: 'LB07SEO',
          })
        ).status,
      ).toBe(404);
      const stranger = await signedInUser(t);
      expect((await call(t, stranger.token, 'GET', lists)).status).toBe(404);
      expect(
        (
          await call(t, stranger.token, 'POST', '/vehicles/watch-lists', {
            uid: u.uid,
            list: 'deny',
            plate: 'AB12CDE',
          })
        ).status,
      ).toBe(404);
    });

    it('alerts for a listed plate at the gate by its rules, once per rule and plate, and for nothing else', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const { cam, gate } = await gateWithRules(t, u.token, u.uid);
      const wrong = await call(t, u.token, 'POST', '/analytics/alerts/rules', {
        uidd: cam,
        rule: { name: 'People', areaId: gate, objectClass: 'person', event: 'plateDenied' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error).toBe('A plate rule watches a vehicle: car, truck, bus, motorcycle');

      const seen: RealtimeMessage[] = [];
      const stop = t.app.services.realtime.subscribe((m) => {
        if (m.type === 'ruleAlert') seen.push(m);
      });
      try {
        const analyser = t.app.services.vehicles;
        analyser.ended({ id: 'e1', uidd: cam, startMs: T0, endMs: T0 + 2_500 });
        analyser.ended({ id: 'e2', uidd: cam, startMs: T0 + 60_000, endMs: T0 + 60_500 });
        await analyser.idle();
      } finally {
        stop();
      }
      const got = seen.map((m) => {
        const d = m.data as {
          id: string;
          ruleName: string;
          plate: string;
          areaName: string;
          objectClass: string;
        };
        return [d.id, d.ruleName, d.plate, d.areaName, d.objectClass];
      });
      expect(got.sort((a, b) => a.join().localeCompare(b.join()))).toEqual([
        ['e1', 'Banned car at the gate', 'KX70YPM', 'Gate', 'car'],
        ['e1', 'Stranger at the gate', 'KX70YPM', 'Gate', 'car'],
      ]);
    });

    it('alerts from the start still while the vehicle is in view, and not again when the event ends', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const { cam } = await gateWithRules(t, u.token, u.uid);
      // While the vehicle is in view (decision 0797): the event's start still alerts before the event ends, and
      // its end (the same plate, and a misread one character off) alerts no more.
      const live: string[][] = [];
      const stop = t.app.services.realtime.subscribe((m) => {
        if (m.type === 'ruleAlert') {
          const d = m.data as { id: string; ruleName: string; plate: string };
          live.push([d.id, d.ruleName, d.plate]);
        }
      });
      try {
        const analyser = t.app.services.vehicles;
        const still = new Uint8Array(new Uint32Array([5]).buffer);
        analyser.still({ id: 'e3', uidd: cam, still, atMs: T0 + 1_000 });
        await analyser.idle();
        expect(live.sort((a, b) => a.join().localeCompare(b.join()))).toEqual([
          ['e3', 'Banned car at the gate', 'KX70YPN'],
          ['e3', 'Stranger at the gate', 'KX70YPN'],
        ]);
        analyser.ended({ id: 'e3', uidd: cam, startMs: T0, endMs: T0 + 2_500 });
        await analyser.idle();
        expect(live).toHaveLength(2);
      } finally {
        stop();
      }
    });
  },
  {},
  { plates },
);
