import type { Uidd } from '@vigil/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { insertCamera, signedInUser } from './testing.ts';

describeEachDb('GET/PUT /cameras/tags', (ctx) => {
  it('replaces tags per camera, keeps order, and lists every tag', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const a = await insertCamera(t, u.uid);
    const b = await insertCamera(t, u.uid);
    const put = await t.call({
      method: 'PUT',
      url: '/cameras/tags',
      token: u.token,
      payload: {
        uidd: [a, b],
        changes: [
          { uidd: a, tags: ['outdoor', ' gate ', 'outdoor'] },
          { uidd: b, tags: ['indoor'] },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({
      cameras: [
        { uidd: a, tags: ['outdoor', 'gate'] },
        { uidd: b, tags: ['indoor'] },
      ],
      tags: ['gate', 'indoor', 'outdoor'],
    });
    // A camera listed without a change keeps its tags.
    await t.call({
      method: 'PUT',
      url: '/cameras/tags',
      token: u.token,
      payload: { uidd: [a, b], changes: [{ uidd: b, tags: [] }] },
    });
    const get = await t.call({ method: 'GET', url: `/cameras/tags?uidd=${a},${b}`, token: u.token });
    expect(get.json.cameras).toEqual([
      { uidd: a, tags: ['outdoor', 'gate'] },
      { uidd: b, tags: [] },
    ]);
    const all = await t.call({ method: 'GET', url: '/cameras/tags', token: u.token });
    expect(all.json.tags).toEqual(['gate', 'outdoor']);
    const listed = await t.call({ method: 'GET', url: `/cameras?uidd=${a}`, token: u.token });
    expect(listed.json[0].tags).toEqual(['outdoor', 'gate']);

    const notListed = await t.call({
      method: 'PUT',
      url: '/cameras/tags',
      token: u.token,
      payload: { uidd: [a], changes: [{ uidd: b, tags: ['x'] }] },
    });
    expect(notListed.status).toBe(400);
    expect(notListed.json.error).toContain('body.changes.0.uidd: must also be listed in uidd');
  });
});

describeEachDb('viewer settings', (ctx) => {
  it('stores settings per user and camera, merges patches, answers batches', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cams: Uidd[] = [];
    for (let i = 0; i < 3; i++) cams.push(await insertCamera(t, u.uid));
    const [a, b, c] = cams as [Uidd, Uidd, Uidd];
    const empty = await t.call({ method: 'GET', url: `/viewer/${u.uid}/${a}/settings`, token: u.token });
    expect(empty.json).toEqual({ uidd: a, settings: {} });

    const p1 = await t.call({
      method: 'PATCH',
      url: `/viewer/${u.uid}/settings`,
      token: u.token,
      payload: { uidd: a, settings: { zoom: 2, dewarp: 'quad' } },
    });
    expect(p1.json.result).toEqual([{ uidd: a, settings: { zoom: 2, dewarp: 'quad' } }]);
    await t.call({
      method: 'PATCH',
      url: `/viewer/${u.uid}/settings`,
      token: u.token,
      payload: { uidd: [a, b], settings: { muted: true, dewarp: null } },
    });

    const byDevice = await t.call({
      method: 'GET',
      url: `/viewer/${u.uid}/${a.split('.')[1]}/settings`,
      token: u.token,
    });
    expect(byDevice.json).toEqual({ uidd: a, settings: { zoom: 2, muted: true } });
    const batch = await t.call({
      method: 'GET',
      url: `/viewer/${u.uid}/settings?uidd=${[a, b, c].join(',')}`,
      token: u.token,
    });
    expect(batch.json).toEqual({
      result: [
        { uidd: a, settings: { zoom: 2, muted: true } },
        { uidd: b, settings: { muted: true } },
        { uidd: c, settings: {} },
      ],
      errors: [],
    });
    const tooBig = await t.call({
      method: 'PATCH',
      url: `/viewer/${u.uid}/settings`,
      token: u.token,
      payload: { uidd: a, settings: { x: 'y'.repeat(20_000) } },
    });
    expect(tooBig.status).toBe(400);
  });

  it('accepts a batch of uidds as long as the client’s 1200-character batches', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const { groupRequestBatches } = await import('@vigil/contracts');
    const mine = await insertCamera(t, u.uid);
    // Unknown cameras pad the query to the batching limit; they come back in errors, not as failures.
    const padding = Array.from({ length: 60 }, (_, i) => `${u.uid}.pad${i}` as Uidd);
    const [batch] = groupRequestBatches([mine, ...padding]);
    expect(batch!.join(',').length).toBeGreaterThan(1000);
    const res = await t.call({
      method: 'GET',
      url: `/viewer/${u.uid}/settings?uidd=${batch!.join(',')}`,
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual([{ uidd: mine, settings: {} }]);
    expect(res.json.errors).toHaveLength(batch!.length - 1);
  });

  it('are the user’s own: another user id is refused', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const res = await t.call({
      method: 'PATCH',
      url: `/viewer/${other.uid}/settings`,
      token: u.token,
      payload: { uidd: cam, settings: { a: 1 } },
    });
    expect(res.status).toBe(403);
  });
});
