import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpochMs, RealtimeMessage, Uidd } from '@vigil/contracts';
import type { Recognition } from '@vigil/recorder';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { newEventId } from '../events/events-service.ts';
import { motionEvents } from '../events/motion-events.ts';
import { EventLabeller } from './event-labeller.ts';
import { DirectoryTrainingSamples } from './training-samples.ts';

/** A recogniser that answers what it is told, at once: the labeller's rules without the model. */
function fakeRecogniser(labels: Recognition['labels']) {
  const stats = { done: 0, failed: 0, dropped: 0, queued: 0, busy: false };
  return {
    recognise: async (): Promise<Recognition> => ({
      labels,
      detections: [],
      decodeMs: 1,
      inferMs: 1,
      loadMs: undefined,
    }),
    stats: () => stats,
    close: async () => {},
  };
}

async function eventOn(t: TestApp, uidd: Uidd): Promise<string> {
  const start = t.clock.now() as EpochMs;
  const id = newEventId(start);
  await motionEvents(t.db.db).insert({
    id,
    owner_uid: uidd.split('.')[0]!,
    camera_uidd: uidd,
    start_ms: start,
    end_ms: start,
    score: 5,
    rom: 0,
    logger: null,
    has_high_res_still: 1,
    thumb_path: null,
    still_path: null,
    created_at: start,
    ongoing: 1,
  });
  return id;
}

describeEachDb('event labeller', (ctx) => {
  it('stores the labels of a camera with analytics and announces the event’s update; nothing otherwise', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const on = await insertCamera(t, owner.uid);
    const off = await insertCamera(t, owner.uid);
    await t.db.db.updateTable('cameras').set({ analytics_enabled: 1 }).where('uidd', '=', on).execute();
    const labeller = new EventLabeller({
      db: t.db.db,
      cameras: t.app.services.cameras.rows,
      recogniser: fakeRecogniser([{ label: 'person', confidence: 0.8 }]),
      log: t.app.log,
      bus: t.app.services.realtime,
    });
    const messages: RealtimeMessage[] = [];
    const stop = t.app.services.realtime.subscribe((m) => messages.push(m));
    const labelled = await eventOn(t, on);
    const unlabelled = await eventOn(t, off);
    const deleted = await eventOn(t, on);
    await t.call({
      method: 'DELETE',
      url: `/events/${on.replace('.', '/')}`,
      token: owner.token,
      payload: { eventIds: [deleted] },
    });
    const still = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    for (const [id, uidd] of [
      [labelled, on],
      [unlabelled, off],
      [deleted, on],
    ] as const)
      labeller.still({ id, uidd, still });
    await labeller.idle();
    stop();
    expect(messages).toEqual([{ type: 'alertUpdated', data: { uidd: on, id: labelled, change: 'labels' } }]);
    const listed = await t.call({ method: 'GET', url: `/events?uidd=${on}&uidd=${off}`, token: owner.token });
    expect(new Map(listed.json.map((e: { id: string; labels: string[] }) => [e.id, e.labels]))).toEqual(
      new Map([
        [labelled, ['person']],
        [unlabelled, []],
      ]),
    );
    expect(labeller.stats()).toMatchObject({ labelled: 1, skipped: 1 });
  });

  it('keeps a labelled still for training only of an owner who consented, and forgets it when consent goes', async () => {
    const t = ctx();
    const yes = await signedInUser(t);
    const no = await signedInUser(t);
    const tokens = new Map([
      [yes.uid, yes.token],
      [no.uid, no.token],
    ]);
    const consent = (token: string, uid: string, aiTraining: boolean) =>
      t.call({ method: 'PUT', url: `/account/${uid}/consents`, token, payload: { aiTraining } });
    expect((await consent(yes.token, yes.uid, true)).json.aiTraining).toBe(true);
    const cams = [await insertCamera(t, yes.uid), await insertCamera(t, no.uid)];
    await t.db.db.updateTable('cameras').set({ analytics_enabled: 1 }).where('uidd', 'in', cams).execute();
    const dir = mkdtempSync(join(tmpdir(), 'vigil-training-'));
    const samples = new DirectoryTrainingSamples(dir);
    const labeller = new EventLabeller({
      db: t.db.db,
      cameras: t.app.services.cameras.rows,
      recogniser: fakeRecogniser([{ label: 'car', confidence: 0.7 }]),
      log: t.app.log,
      bus: t.app.services.realtime,
      training: {
        // Asked the way the app asks: the owner's consent as the consents route answers it.
        consented: async (owner) =>
          (await t.call({ method: 'GET', url: `/account/${owner}/consents`, token: tokens.get(owner) })).json
            .aiTraining,
        samples,
      },
    });
    const still = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    const kept = await eventOn(t, cams[0]!);
    labeller.still({ id: kept, uidd: cams[0]!, still });
    labeller.still({ id: await eventOn(t, cams[1]!), uidd: cams[1]!, still });
    await labeller.idle();
    expect(readdirSync(dir)).toEqual([yes.uid]);
    expect(readdirSync(join(dir, yes.uid)).sort()).toEqual([`${kept}.jpg`, `${kept}.json`]);
    expect(JSON.parse(readFileSync(join(dir, yes.uid, `${kept}.json`), 'utf8'))).toEqual({
      uidd: cams[0],
      labels: ['car'],
    });
    await samples.forget(yes.uid);
    expect(readdirSync(dir)).toEqual([]);
  });
});
