import { EVENTS_DELETE_BATCH, EVENTS_PAGE_SIZE } from '@vigil/contracts';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { EventsRepository } from './events-repository.ts';
import { newEventId } from './events-service.ts';

const DAY = Date.UTC(2026, 10, 20);

/** `n` events on a camera, one a minute from `from`, scores cycling 0..10; returns their ids oldest first. */
async function seed(
  t: TestApp,
  uidd: string,
  n: number,
  from = DAY,
  labels: string[] = [],
): Promise<string[]> {
  const repo = new EventsRepository(t.db.db);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const start = from + i * 60_000;
    const id = newEventId(start);
    ids.push(id);
    await repo.insert(
      {
        id,
        owner_uid: uidd.split('.')[0]!,
        camera_uidd: uidd,
        start_ms: start,
        end_ms: start + 12_000,
        score: i % 11,
        rom: 0,
        logger: 'local',
        has_high_res_still: 1,
        thumb_path: null,
        still_path: null,
        created_at: start,
        ongoing: 0,
      },
      labels.map((label, k) => ({ label, confidence: 0.9 - k * 0.1 })),
    );
  }
  return ids;
}

describeEachDb('events API', (ctx) => {
  it('pages newest first by 50 with a keyset cursor, fewer than 50 on the last page', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam1 = `${u.uid}.cam1`;
    const cam2 = `${u.uid}.cam2`;
    await seed(t, cam1, 70);
    await seed(t, cam2, 50, DAY + 30_000);
    const seen: string[] = [];
    let query = `uidd=${cam1}&uidd=${cam2}&startt=${DAY}&endt=${DAY + 86_400_000}`;
    const pages: number[] = [];
    for (;;) {
      const res = await t.call({ method: 'GET', url: `/events?${query}`, token: u.token });
      expect(res.status).toBe(200);
      pages.push(res.json.length);
      seen.push(...res.json.map((e: { id: string }) => e.id));
      if (res.json.length < EVENTS_PAGE_SIZE) break;
      const last = res.json.at(-1);
      query = `uidd=${cam1},${cam2}&startt=${DAY}&endt=${last.startTime}&beforeId=${last.id}`;
    }
    expect(pages).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);
    expect([...seen].sort().reverse()).toEqual(seen);
    const all = await t.call({ method: 'GET', url: `/events?uidd=${cam1}&removeLimit=true`, token: u.token });
    expect(all.json).toHaveLength(70);
  });

  it('answers the event entity of the spec, with 0a for a score of 10', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = `${u.uid}.front`;
    await seed(t, cam, 11);
    const res = await t.call({ method: 'GET', url: `/events?uidd=${cam}`, token: u.token });
    expect(res.json[0]).toEqual({
      id: expect.any(String),
      alert: res.json[0].id,
      startTime: DAY + 10 * 60_000,
      endTime: DAY + 10 * 60_000 + 12_000,
      durationSeconds: 12,
      rom: false,
      motionScore: '0a',
      logger: 'local',
      cameraUidd: cam,
      uid: u.uid,
      deviceId: 'front',
      hasHighResStill: true,
      tags: [],
      labels: [],
      ongoing: false,
    });
    expect(res.json[1].motionScore).toBe(9);
  });

  it('gives each listed event its label names, highest confidence first, on every page', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = `${u.uid}.porch`;
    const ids = await seed(t, cam, 60);
    const repo = new EventsRepository(t.db.db);
    // Newest (first page), and oldest (second page); stored in an order that is neither confidence's nor names'.
    await repo.addLabels(ids[59]!, [
      { label: 'dog', confidence: 0.55 },
      { label: 'person', confidence: 0.87 },
      { label: 'car', confidence: 0.41 },
    ]);
    await repo.addLabels(ids[0]!, [{ label: 'bicycle', confidence: 0.6 }]);
    // A later picture of the same event: 'dog' now outranks 'person'.
    await repo.addLabels(ids[59]!, [{ label: 'dog', confidence: 0.93 }]);
    const first = await t.call({ method: 'GET', url: `/events?uidd=${cam}`, token: u.token });
    expect(first.json[0]).toMatchObject({ id: ids[59], labels: ['dog', 'person', 'car'] });
    expect(first.json.slice(1).every((e: { labels: string[] }) => e.labels.length === 0)).toBe(true);
    const last = first.json.at(-1);
    const second = await t.call({
      method: 'GET',
      url: `/events?uidd=${cam}&endt=${last.startTime}&beforeId=${last.id}`,
      token: u.token,
    });
    expect(second.json.map((e: { id: string; labels: string[] }) => [e.id, e.labels]).at(-1)).toEqual([
      ids[0],
      ['bicycle'],
    ]);
    // The preview's call agrees, with the confidences.
    const rekog = await t.call({ method: 'GET', url: `/alert/rekog?alertid=${ids[59]}`, token: u.token });
    expect(rekog.json.result).toEqual([
      { label: 'dog', confidence: expect.closeTo(0.93, 5) },
      { label: 'person', confidence: expect.closeTo(0.87, 5) },
      { label: 'car', confidence: expect.closeTo(0.41, 5) },
    ]);
    // An event deleted meanwhile gets no labels, and the labeller is told so.
    await t.call({
      method: 'DELETE',
      url: `/events/${u.uid}/porch`,
      token: u.token,
      payload: { eventIds: [ids[1]] },
    });
    expect(await repo.addLabels(ids[1]!, [{ label: 'cat', confidence: 0.5 }])).toBe(false);
    expect(await repo.addLabels(ids[2]!, [{ label: 'cat', confidence: 0.5 }])).toBe(true);
  });

  it('filters by label and tag, counts labels, lists tags', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = `${u.uid}.yard`;
    const people = await seed(t, cam, 3, DAY, ['person', 'car']);
    await seed(t, cam, 2, DAY + 3_600_000, ['car']);
    const tag = await t.call({
      method: 'POST',
      url: `/events/${u.uid}/yard/${people[0]}/tags`,
      token: u.token,
      payload: { tag: 'delivery' },
    });
    expect(tag.json).toEqual(['delivery']);
    const q = `uidd=${cam}`;
    expect(
      (await t.call({ method: 'GET', url: `/events?${q}&rekogLabel=person`, token: u.token })).json,
    ).toHaveLength(3);
    expect(
      (await t.call({ method: 'GET', url: `/events?${q}&tags=delivery`, token: u.token })).json.map(
        (e: { id: string }) => e.id,
      ),
    ).toEqual([people[0]]);
    expect((await t.call({ method: 'GET', url: `/rekog/labels/count?${q}`, token: u.token })).json).toEqual([
      { label: 'car', count: 5 },
      { label: 'person', count: 3 },
    ]);
    expect((await t.call({ method: 'GET', url: `/events/tags?${q}`, token: u.token })).json).toEqual([
      'delivery',
    ]);
    const rekog = await t.call({
      method: 'GET',
      url: `/alert/rekog?uid=${u.uid}&alertid=${people[0]}`,
      token: u.token,
    });
    expect(rekog.json.result.map((l: { label: string }) => l.label)).toEqual(['person', 'car']);
    await t.call({
      method: 'DELETE',
      url: `/events/${u.uid}/yard/${people[0]}/tags/delivery`,
      token: u.token,
    });
    expect((await t.call({ method: 'GET', url: `/events/tags?${q}`, token: u.token })).json).toEqual([]);
  });

  it('deletes at most 95 a call, only the named camera’s events', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const ids = await seed(t, `${u.uid}.door`, 100);
    const tooMany = await t.call({
      method: 'DELETE',
      url: `/events/${u.uid}/door`,
      token: u.token,
      payload: { eventIds: ids },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toContain(`at most ${EVENTS_DELETE_BATCH}`);
    const ok = await t.call({
      method: 'DELETE',
      url: `/events/${u.uid}/door`,
      token: u.token,
      payload: { eventIds: ids.slice(0, 95) },
    });
    expect(ok.json).toEqual({ deleted: 95 });
    const wrongCamera = await t.call({
      method: 'DELETE',
      url: `/events/${u.uid}/other`,
      token: u.token,
      payload: { eventIds: ids.slice(95) },
    });
    expect(wrongCamera.json).toEqual({ deleted: 0 });
    expect(
      (await t.call({ method: 'GET', url: `/events?uidd=${u.uid}.door`, token: u.token })).json,
    ).toHaveLength(5);
  });

  it('hides another tenant’s events: invisible, undeletable, Not found', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const ids = await seed(t, `${owner.uid}.cam`, 2);
    expect(
      (await t.call({ method: 'GET', url: `/events?uidd=${owner.uid}.cam`, token: other.token })).status,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `/events/${owner.uid}/cam`,
          token: other.token,
          payload: { eventIds: ids },
        })
      ).status,
    ).toBe(404);
    const thumb = await t.call({ method: 'GET', url: `/getalertthumb/${ids[0]}`, token: other.token });
    expect(thumb.status).toBe(404);
    expect(thumb.json.error).toBe('Not found');
    const mine = await t.call({ method: 'GET', url: `/getalertthumb/${ids[0]}`, token: owner.token });
    expect(mine.json.error).toBe('No image');
    expect(
      (await t.call({ method: 'GET', url: `/events?uidd=${owner.uid}.cam`, token: owner.token })).json,
    ).toHaveLength(2);
  });
});
