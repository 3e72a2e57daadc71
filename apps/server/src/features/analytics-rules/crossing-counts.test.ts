import type { RealtimeMessage } from '@vigil/contracts';
import { emptyPicture } from '@vigil/recorder/testing';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { AnalyticsRulesRepository } from './analytics-rules-repository.ts';
import { CrossingCounter, type TrackedPicture } from './crossing-counter.ts';
import { LineCountsRepository } from './line-counts-repository.ts';

/**
 * Crossing rules and counts (decision 0794) from scripted detections on a 1280 × 720 picture: the counter the app
 * builds, on a real database and the app's realtime bus; the counts read back through GET /analytics/counts.
 */
describeEachDb('crossings of count lines', (ctx) => {
  const post = (t: TestApp, token: string, url: string, payload: object) =>
    t.call({ method: 'POST', url, token, payload });
  // A 1280 × 720 picture in the detector's square: y 0.21875 … 0.78125 of it (decision 0555's letterbox).
  const person = (x: number, y: number): [number, number, number, number] => [
    x - 0.1,
    0.21875 + (y - 0.6) * 0.5625,
    x + 0.1,
    0.21875 + y * 0.5625,
  ];

  it('counts each track once per line and direction and alerts once per track and rule', async () => {
    const t = ctx();
    // Tuesday 24 November 2026, 10:00 UTC.
    const hour = Date.UTC(2026, 10, 24, 10);
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid, { timezone: 'UTC' });
    const line = async (name: string, points: number[][]) =>
      (await post(t, u.token, '/analytics/areas', { uidd: cam, area: { name, kind: 'line', points } })).json
        .areas;
    // Drawn from the bottom up: walking left to right crosses from its left to its right, 'in'.
    await line('Door', [
      [0.5, 0.98],
      [0.5, 0.02],
    ]);
    const areas = await line('Far wall', [
      [0.95, 0.98],
      [0.95, 0.02],
    ]);
    const door = areas.find((a: { name: string }) => a.name === 'Door').id;
    const rule = async (name: string, extra: object) => {
      const base = { name, areaId: door, objectClass: 'person', event: 'crossing' };
      const res = await post(t, u.token, '/analytics/alerts/rules', {
        uidd: cam,
        rule: { ...base, ...extra },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    await rule('Entering', { direction: 'in' });
    await rule('Leaving', { direction: 'out' });
    await rule('Car through the door', { objectClass: 'car' });
    await rule('Night entries', { direction: 'in', schedule: { days: [2], from: '22:00', to: '06:00' } });

    const db = t.db.db;
    const counter = new CrossingCounter({
      repo: new AnalyticsRulesRepository(db),
      counts: new LineCountsRepository(db),
      bus: t.app.services.realtime,
      log: t.app.log,
    });
    expect(await counter.wants(cam)).toBe(true);
    const still = await emptyPicture();
    const seen: RealtimeMessage[] = [];
    const stop = t.app.services.realtime.subscribe((m) => {
      if (m.type === 'ruleAlert') seen.push(m);
    });
    // A walks left to right (top of the picture), B right to left (bottom), C dithers on the door line.
    const a = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7];
    const b = [0.8, 0.7, 0.6, 0.5, 0.4, 0.3];
    const c = [0.47, 0.53, 0.47, 0.53, 0.47, 0.53];
    try {
      for (let i = 0; i < 6; i++) {
        const p: TrackedPicture = {
          uidd: cam,
          eventId: 'ev1',
          atMs: hour + 60_000 + i * 1000,
          timezoneName: 'UTC',
          still,
          detections: [
            { label: 'person', confidence: 0.7, box: person(a[i]!, 0.45) },
            { label: 'person', confidence: 0.6, box: person(b[i]!, 0.98) },
            { label: 'person', confidence: 0.5, box: person(c[i]!, 0.72) },
          ],
        };
        await counter.picture(p);
      }
    } finally {
      stop();
    }
    const alerts = seen.map((m) => (m.data as { ruleName: string }).ruleName).sort();
    expect(alerts).toEqual(['Entering', 'Entering', 'Leaving', 'Leaving']);
    expect(seen[0]).toEqual({
      type: 'ruleAlert',
      data: {
        uidd: cam,
        id: 'ev1',
        ruleId: expect.any(String),
        ruleName: expect.any(String),
        areaName: 'Door',
        objectClass: 'person',
        confidence: 0.7,
        notify: true,
      },
    });

    const read = (token: string, q: string) =>
      t.call({ method: 'GET', url: `/analytics/counts?uidd=${cam}&${q}`, token });
    const res = await read(u.token, `from=${hour}&to=${hour + 3_600_000}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({
      uidd: cam,
      counts: [
        { areaId: door, areaName: 'Door', objectClass: 'person', direction: 'in', hourStart: hour, count: 2 },
        {
          areaId: door,
          areaName: 'Door',
          objectClass: 'person',
          direction: 'out',
          hourStart: hour,
          count: 2,
        },
      ],
    });
    // The next hour has nothing; a range the wrong way round or too long is refused; a stranger sees no camera.
    expect((await read(u.token, `from=${hour + 3_600_000}&to=${hour + 7_200_000}`)).json.counts).toEqual([]);
    expect((await read(u.token, `from=${hour}&to=${hour - 1}`)).status).toBe(400);
    expect((await read(u.token, `from=0&to=${32 * 86_400_000}`)).status).toBe(400);
    const stranger = await signedInUser(t);
    expect((await read(stranger.token, `from=${hour}&to=${hour + 1}`)).status).toBe(404);

    // Motion over: the tracks end; the same people seen again are new tracks and count again.
    await counter.quiet(cam);
    for (let i = 3; i < 5; i++)
      await counter.picture({
        uidd: cam,
        eventId: 'ev2',
        atMs: hour + 120_000 + i * 1000,
        timezoneName: 'UTC',
        still,
        detections: [{ label: 'person', confidence: 0.7, box: person(a[i]!, 0.45) }],
      });
    const again = await read(u.token, `from=${hour}&to=${hour + 3_600_000}`);
    expect(
      again.json.counts.map((r: { direction: string; count: number }) => [r.direction, r.count]),
    ).toEqual([
      ['in', 3],
      ['out', 2],
    ]);
  }, 60_000);
});
