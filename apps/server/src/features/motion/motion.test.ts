import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpochMs, RealtimeMessage, Uidd } from '@vigil/contracts';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera, recordedTasks } from '../cameras/testing.ts';
import { ONGOING_MAX_MS } from '../events/events-service.ts';
import { EventsMotionSink } from './events-sink.ts';
import { recorderMotionOf } from './motion-settings.ts';

const square = [
  [0.1, 0.1],
  [0.5, 0.1],
  [0.5, 0.5],
  [0.1, 0.5],
];
const JPEG = (n: number) => Buffer.from([0xff, 0xd8, n, 0xff, 0xd9]);

describeEachDb('motion settings and events from the recorder', (ctx) => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  /** The server's sink as the recorder uses it, its pictures in a directory of their own. */
  const sinkOf = (
    t: ReturnType<typeof ctx>,
    now: () => number = () => 1,
  ): { sink: EventsMotionSink; dir: string } => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-events-'));
    dirs.push(dir);
    const sink = new EventsMotionSink({
      db: t.db.db,
      cameras: t.app.services.cameras.rows,
      bus: t.app.services.realtime,
      dir,
      log: t.app.log,
      now,
    });
    return { sink, dir };
  };

  it('reads a camera’s defaults and changes sensitivity, zones and record on motion', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const get = () => t.call({ method: 'GET', url: `/cameras/motion/config?uidd=${cam}`, token: u.token });
    expect((await get()).json).toEqual({ uidd: cam, settings: { sensitivity: 5, zones: [], rom: false } });
    const patched = await t.call({
      method: 'PATCH',
      url: '/cameras/motion/config',
      token: u.token,
      payload: {
        uidd: cam,
        settings: { sensitivity: 8, rom: true, zones: [{ name: 'Door', points: square }] },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.settings).toEqual({
      sensitivity: 8,
      rom: true,
      zones: [{ name: 'Door', points: square }],
    });
    expect((await get()).json.settings.sensitivity).toBe(8);
    expect(recordedTasks(t).changes.at(-1)).toEqual({ uidd: cam, kind: 'updated' });
    // The camera entity says rom too, and the recorder gets it through the directory.
    const listed = await t.call({ method: 'GET', url: `/cameras?uidd=${cam}`, token: u.token });
    expect(listed.json[0]).toMatchObject({ romEnabled: true, recordingMode: 'rom', motionSensitivity: 8 });
    const dir = await t.app.services.cameras.directory.get(cam);
    expect(recorderMotionOf(dir!)).toEqual({
      recording: 'rom',
      motion: { sensitivity: 8, zones: [{ name: 'Door', points: square }] },
    });
  });

  it('refuses sensitivities outside 1..10, crossing zone lines, too many corners and twin names', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const patch = (settings: object) =>
      t.call({
        method: 'PATCH',
        url: '/cameras/motion/config',
        token: u.token,
        payload: { uidd: cam, settings },
      });
    expect((await patch({ sensitivity: 0 })).status).toBe(400);
    expect((await patch({ sensitivity: 11 })).status).toBe(400);
    const bowtie = [
      [0.1, 0.1],
      [0.5, 0.5],
      [0.5, 0.1],
      [0.1, 0.5],
    ];
    const crossing = await patch({ zones: [{ name: 'a', points: bowtie }] });
    expect(crossing.status).toBe(400);
    expect(crossing.json.error).toContain('zone lines cross');
    const circle = Array.from({ length: 13 }, (_, i) => [
      0.5 + 0.3 * Math.cos(i / 2),
      0.5 + 0.3 * Math.sin(i / 2),
    ]);
    expect((await patch({ zones: [{ name: 'a', points: circle }] })).status).toBe(400);
    const twins = await patch({
      zones: [
        { name: 'Gate', points: square },
        { name: 'gate', points: square },
      ],
    });
    expect(twins.status).toBe(400);
    expect(twins.json.error).toContain('unique');
  });

  it('lets who sees a camera read its settings, only who may change settings change them; others see nothing', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    expect(
      (await t.call({ method: 'GET', url: `/cameras/motion/config?uidd=${cam}`, token: stranger.token }))
        .status,
    ).toBe(404);
    const refused = await t.call({
      method: 'PATCH',
      url: '/cameras/motion/config',
      token: stranger.token,
      payload: { uidd: cam, settings: { sensitivity: 1 } },
    });
    expect(refused.status).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/cameras/motion/config?uidd=${cam}`, token: owner.token })).json
        .settings.sensitivity,
    ).toBe(5);
  });

  it('stores an event from the recorder with its pictures, alerts at once, and completes it at the end', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const cam = (await insertCamera(t, owner.uid)) as Uidd;
    const alerts: RealtimeMessage[] = [];
    const stop = t.app.services.realtime.subscribe((m) => alerts.push(m));
    const { sink, dir } = sinkOf(t);
    // A moment ago: an event flagged ongoing long ago is taken for one its recorder never ended (decision 0556).
    const start = (t.clock.now() - 3000) as EpochMs;
    const id = await sink.started({
      uidd: cam,
      startMs: start,
      score: 10,
      rom: true,
      pictures: { thumb: JPEG(1), still: JPEG(2), atMs: start },
    });
    stop();
    expect(alerts).toEqual([{ type: 'alert', data: { uidd: cam, id, startTime: start, motionScore: '0a' } }]);
    const listed = async () =>
      (await t.call({ method: 'GET', url: `/events?uidd=${cam}`, token: owner.token })).json;
    expect((await listed())[0]).toMatchObject({
      id,
      startTime: start,
      endTime: start,
      durationSeconds: 0,
      ongoing: true,
      rom: true,
      motionScore: '0a',
      hasHighResStill: true,
      logger: 'http://localhost:8080',
    });
    const updates: RealtimeMessage[] = [];
    const stopUpdates = t.app.services.realtime.subscribe((m) => updates.push(m));
    await sink.ended(id, {
      uidd: cam,
      startMs: start,
      endMs: (start + 12_400) as EpochMs,
      score: 7,
      rom: true,
      pictures: { thumb: JPEG(3), still: JPEG(4), atMs: (start + 5000) as EpochMs },
    });
    stopUpdates();
    // Open lists are told, to show the end without a reload (decision 0556).
    expect(updates).toEqual([{ type: 'alertUpdated', data: { uidd: cam, id, change: 'ended' } }]);
    expect((await listed())[0]).toMatchObject({
      endTime: start + 12_400,
      durationSeconds: 12,
      motionScore: 7,
      ongoing: false,
    });
    const thumb = await t.call({ method: 'GET', url: `/getalertthumb/${id}`, token: owner.token });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const [uid, device] = cam.split('.');
    const still = await t.app.inject({
      method: 'GET',
      url: `/events/${uid}/${device}/${id}/still`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(still.rawPayload).toEqual(JPEG(4));
    expect(readFileSync(join(dir, cam, `${id}.thumb.jpg`))).toEqual(JPEG(3));
    // Another tenant: not found, whether the event exists or not.
    const theirs = await t.call({
      method: 'GET',
      url: `/events/${uid}/${device}/${id}/still`,
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.json.error).toBe('Not found');
  });

  it('tells an ongoing event from one that ended on its first picture, and forgets a flag its recorder left', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = (await insertCamera(t, owner.uid)) as Uidd;
    const { sink } = sinkOf(t);
    const event = (startMs: number) =>
      ({ uidd: cam, startMs: startMs as EpochMs, score: 4, rom: false, pictures: null }) as const;
    const now = t.clock.now();
    const open = await sink.started(event(now - 2000));
    // Ended on the picture that started it (the stream stopped): end = start, and yet ended.
    const short = await sink.started(event(now - 4000));
    await sink.ended(short, { ...event(now - 4000), endMs: (now - 4000) as EpochMs });
    // Started before a crash, never ended: longer ago than any event lasts.
    const left = await sink.started(event(now - ONGOING_MAX_MS - 1000));
    const res = await t.call({ method: 'GET', url: `/events?uidd=${cam}`, token: owner.token });
    const byId = new Map(
      res.json.map((e: { id: string; ongoing: boolean; durationSeconds: number }) => [
        e.id,
        [e.ongoing, e.durationSeconds],
      ]),
    );
    expect(byId).toEqual(
      new Map([
        [open, [true, 0]],
        [short, [false, 0]],
        [left, [false, 0]],
      ]),
    );
  });

  it('closes the events a recorder left open when it starts their cameras again', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = (await insertCamera(t, owner.uid)) as Uidd;
    const another = (await insertCamera(t, owner.uid)) as Uidd;
    const now = t.clock.now();
    const { sink } = sinkOf(t, () => now);
    const event = (uidd: Uidd) =>
      ({ uidd, startMs: (now - 2000) as EpochMs, score: 4, rom: false, pictures: null }) as const;
    const left = await sink.started(event(cam));
    const elsewhere = await sink.started(event(another));
    await sink.orphaned([cam]);
    const ongoing = async (uidd: Uidd) =>
      (await t.call({ method: 'GET', url: `/events?uidd=${uidd}`, token: owner.token })).json.map(
        (e: { id: string; ongoing: boolean }) => [e.id, e.ongoing],
      );
    expect(await ongoing(cam)).toEqual([[left, false]]);
    // A camera this recorder does not start keeps its open event.
    expect(await ongoing(another)).toEqual([[elsewhere, true]]);
  });
});
