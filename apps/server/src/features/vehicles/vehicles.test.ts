import type { Uidd } from '@vigil/contracts';
import type { PlateRead, PlateRecognition } from '@vigil/recorder';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { VehicleAnalyser } from './vehicle-analyser.ts';
import { VehiclesRepository } from './vehicles-repository.ts';

/**
 * Vehicle records, sightings, the plate log and the LPR switch (decision 0791) on both databases. The plate
 * recogniser is a stand-in answering set reads (the real one is tested on real pictures in the recorder); the
 * keyframes are stand-ins with set times.
 */
const T0 = 1_790_000_000_000;

function read(plate: string, confidence: number, extra: Partial<PlateRead> = {}): PlateRead {
  return {
    plate,
    confidence,
    region: 'GB',
    colour: 'red',
    plateColour: 'white',
    location: 'front',
    vehicle: { label: 'car', confidence: 0.8, box: { x1: 0, y1: 0, x2: 10, y2: 10 } },
    plateBox: { x1: 0, y1: 0, x2: 5, y2: 2 },
    plateHeight: 24,
    ...extra,
  };
}

/** Keyframes every 2 s from T0 (a 2 s GOP); each picture carries its keyframe's number (not a real JPEG). */
const keyframe = async (_uidd: Uidd, ms: number) => {
  const n = Math.floor((ms - T0) / 2000);
  return { atMs: T0 + n * 2000, jpeg: new Uint8Array(new Uint32Array([n]).buffer) };
};

/** A recogniser that reads in keyframe n what `shows[n]` says: events are read in any order. */
function scriptedRecogniser(shows: Record<number, PlateRead[]>) {
  const stats = { done: 0, failed: 0, dropped: 0, queued: 0, busy: false };
  return {
    read: (jpegs: Uint8Array[]): Promise<PlateRecognition> =>
      Promise.resolve({
        pictures: jpegs.map((j, i) => ({
          picture: i,
          width: 1280,
          height: 720,
          vehicles: 1,
          reads: shows[new Uint32Array(j.buffer)[0]!] ?? [],
        })),
        decodeMs: 1,
        detectMs: 1,
        ocrMs: 1,
        loadMs: undefined,
      }),
    stats: () => stats,
    close: async () => {},
  };
}

async function setup(t: TestApp, script: Record<number, PlateRead[]>) {
  const owner = await signedInUser(t);
  const lpr = await insertCamera(t, owner.uid);
  const plain = await insertCamera(t, owner.uid);
  const path = (u: Uidd) => u.replace('.', '/');
  const on = await t.call({
    method: 'PUT',
    url: `/camera/${path(lpr)}/config/lpr`,
    token: owner.token,
    payload: { enabled: true },
  });
  expect(on.json).toEqual({ uidd: lpr, lprEnabled: true });
  const analyser = new VehicleAnalyser({
    repo: new VehiclesRepository(t.db.db),
    recogniser: scriptedRecogniser(script),
    keyframe,
    log: t.app.log,
    now: () => T0,
  });
  return { owner, lpr, plain, analyser, path };
}

describeEachDb('vehicle analytics', (ctx) => {
  it('stores one record per vehicle of an event from its best read, and groups sightings', async () => {
    const t = ctx();
    const s = await setup(t, {
      // e1, 0..6 s: keyframes 0..3; one car read three times (once misread), another car once.
      0: [read('AB12CDE', 0.91)],
      1: [read('AB12CDF', 0.7), read('XY34ZZT', 0.88, { region: null, location: null, colour: 'blue' })],
      2: [read('AB12CDE', 0.97)],
      // e2, 60 s later (keyframe 30): the first car again, misread by one character: the same sighting.
      30: [read('A812CDE', 0.8, { location: 'rear' })],
      // e3, 10 min later (keyframe 300): the first car again: a new sighting.
      300: [read('AB12CDE', 0.95)],
    });
    const events = [
      { id: 'e1', startMs: T0, endMs: T0 + 6_000 },
      { id: 'e2', startMs: T0 + 60_000, endMs: T0 + 60_500 },
      { id: 'e3', startMs: T0 + 600_000, endMs: T0 + 600_000 },
    ];
    for (const e of events) s.analyser.ended({ ...e, uidd: s.lpr });
    // The camera without the add-on: not read at all.
    s.analyser.ended({ id: 'e4', uidd: s.plain, startMs: T0, endMs: T0 + 1000 });
    await s.analyser.idle();

    const got = await t.call({
      method: 'GET',
      url: `/events/${s.path(s.lpr)}/e1/analytics/vehicles?timestamp=${T0}`,
      token: s.owner.token,
    });
    expect(got.status).toBe(200);
    const [uid, deviceId] = s.lpr.split('.');
    // The sighting's id is random: left out (toEqual ignores an undefined field).
    expect(got.json.map((r: object) => ({ ...r, sightingId: undefined }))).toEqual(
      [
        {
          uid,
          deviceId,
          eventId: 'e1',
          licencePlate: 'XY34ZZT',
          licencePlateRegion: null,
          confidence: 0.88,
          stillTimeMs: T0 + 2000,
          make: null,
          model: null,
          colour: 'blue',
          location: null,
        },
        {
          uid,
          deviceId,
          eventId: 'e1',
          licencePlate: 'AB12CDE',
          licencePlateRegion: 'GB',
          confidence: 0.97,
          stillTimeMs: T0 + 4000,
          make: null,
          model: null,
          colour: 'red',
          location: 'front',
        },
      ].map((r) => ({ ...r, confidence: expect.closeTo(r.confidence, 5) })),
    );

    const log = await t.call({
      method: 'GET',
      url: `/vehicles/sightings?uidd=${s.lpr}&uidd=${s.plain}`,
      token: s.owner.token,
    });
    expect(log.status).toBe(200);
    expect(
      log.json.map(
        (x: {
          licencePlate: string;
          firstSeen: number;
          lastSeen: number;
          eventIds: string[];
          location: string;
        }) => [x.licencePlate, x.firstSeen - T0, x.lastSeen - T0, x.eventIds, x.location],
      ),
    ).toEqual([
      ['AB12CDE', 600_000, 600_000, ['e3'], 'front'],
      ['AB12CDE', 0, 60_000, ['e1', 'e2'], 'front'],
      ['XY34ZZT', 2_000, 2_000, ['e1'], null],
    ]);
    expect(s.analyser.stats()).toMatchObject({ analysed: 3, vehicles: 4 });

    const counts = await t.call({
      method: 'GET',
      url: `/vehicles/counts?uidd=${s.lpr}&startt=${T0 - 3_600_000}&endt=${T0 + 3_600_000}`,
      token: s.owner.token,
    });
    // T0 is 14:13:20 UTC: its three sightings (first seen 14:13:20, 14:13:22, 14:23:20) are all in 14:00's hour.
    expect(counts.json).toEqual([{ uidd: s.lpr, hourStart: 1_789_999_200_000, count: 3 }]);
  });

  it('searches plates by the rules of spec 001 §5 and says what is wrong', async () => {
    const t = ctx();
    const s = await setup(t, { 0: [read('AB12CDE', 0.9)], 500: [read('KX70YPM', 0.9)] });
    s.analyser.ended({ id: 'e1', uidd: s.lpr, startMs: T0, endMs: T0 });
    s.analyser.ended({ id: 'e2', uidd: s.lpr, startMs: T0 + 1_000_000, endMs: T0 + 1_000_000 });
    await s.analyser.idle();
    const search = async (plate: string, extra = '') => {
      const r = await t.call({
        method: 'GET',
        url: `/vehicles/sightings?uidd=${s.lpr}&plate=${encodeURIComponent(plate)}${extra}`,
        token: s.owner.token,
      });
      return r.status === 200
        ? r.json.map((x: { licencePlate: string }) => x.licencePlate)
        : [r.status, r.json.error];
    };
    expect(await search('ab12 cde')).toEqual(['AB12CDE']);
    expect(await search('AB12')).toEqual([]);
    expect(await search('AB12*')).toEqual(['AB12CDE']);
    expect(await search('*YPM')).toEqual(['KX70YPM']);
    expect(await search('*7*')).toEqual([
      400,
      'querystring.plate: A plate search needs at least 2 letters or digits',
    ]);
    expect(await search('*70*')).toEqual(['KX70YPM']);
    expect(await search('*2*', '')).toEqual([
      400,
      'querystring.plate: A plate search needs at least 2 letters or digits',
    ]);
    expect(await search('AB*DE')).toEqual([
      400,
      'querystring.plate: A * may only be used at the start or the end of a plate search',
    ]);
    expect(await search('*', `&startt=${T0 + 500_000}`)).toEqual([
      400,
      'querystring.plate: A plate search needs at least 2 letters or digits',
    ]);
    const later = await t.call({
      method: 'GET',
      url: `/vehicles/sightings?uidd=${s.lpr}&startt=${T0 + 500_000}`,
      token: s.owner.token,
    });
    expect(later.json.map((x: { licencePlate: string }) => x.licencePlate)).toEqual(['KX70YPM']);
  });

  it('keeps the add-on and the records to those with the camera rights', async () => {
    const t = ctx();
    const s = await setup(t, {});
    const other = await signedInUser(t);
    const put = await t.call({
      method: 'PUT',
      url: `/camera/${s.path(s.lpr)}/config/lpr`,
      token: other.token,
      payload: { enabled: false },
    });
    expect(put.status).toBe(404);
    const list = await t.call({
      method: 'GET',
      url: `/events/${s.path(s.lpr)}/e1/analytics/vehicles`,
      token: other.token,
    });
    expect(list.status).toBe(404);
    const log = await t.call({ method: 'GET', url: `/vehicles/sightings?uidd=${s.lpr}`, token: other.token });
    expect(log.status).toBe(404);
    const lprOf = async () =>
      (
        await t.call({
          method: 'GET',
          url: `/vehicles/lpr-cameras?uidd=${s.lpr},${s.plain}`,
          token: s.owner.token,
        })
      ).json;
    expect(await lprOf()).toEqual({ uidds: [s.lpr] });
    const off = await t.call({
      method: 'PUT',
      url: `/camera/${s.path(s.lpr)}/config/lpr`,
      token: s.owner.token,
      payload: { enabled: false },
    });
    expect(off.json).toEqual({ uidd: s.lpr, lprEnabled: false });
    expect(await lprOf()).toEqual({ uidds: [] });
    const get = await t.call({
      method: 'GET',
      url: `/camera/${s.path(s.lpr)}/config/lpr`,
      token: s.owner.token,
    });
    expect(get.json).toEqual({ uidd: s.lpr, lprEnabled: false });
  });
});
