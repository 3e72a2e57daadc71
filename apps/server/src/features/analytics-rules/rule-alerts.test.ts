import type { RealtimeMessage } from '@vigil/contracts';
import { emptyPicture, personPicture } from '@vigil/recorder/testing';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';

/**
 * Alert rules on what the real detector sees (decision 0704): an event still of a man seated at a table (standing
 * on the picture at about x 0.44, y 0.89) goes through the app's labeller; the rule "person at the table" alerts on
 * the realtime stream, rules on another zone, another object, out of schedule or switched off do not; a second
 * picture of the same event does not alert again, and an empty scene never does.
 */
describeEachDb('alert rules on recognised pictures', (ctx) => {
  const post = (t: TestApp, token: string, url: string, payload: object) =>
    t.call({ method: 'POST', url, token, payload });

  it('alerts for a person standing in the zone, once per event, and for nothing else', async () => {
    const t = ctx();
    // Monday 23 November 2026, 23:30 UTC (the camera's zone).
    t.clock.t = Date.UTC(2026, 10, 23, 23, 30);
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const on = await t.call({
      method: 'PUT',
      url: '/cameras/config/analytics',
      token: u.token,
      payload: { uidd: cam, enabled: true, scheme: 'objects' },
    });
    expect(on.status).toBe(200);
    const zone = async (name: string, points: number[][]) =>
      (await post(t, u.token, '/analytics/areas', { uidd: cam, area: { name, kind: 'zone', points } })).json
        .areas;
    await zone('Table', [
      [0.2, 0.6],
      [0.7, 0.6],
      [0.7, 1],
      [0.2, 1],
    ]);
    const areas = await zone('Window', [
      [0.7, 0],
      [1, 0],
      [1, 0.4],
      [0.7, 0.4],
    ]);
    const id = (name: string) => areas.find((a: { name: string }) => a.name === name).id;
    const rule = async (name: string, extra: object) => {
      const base = { name, areaId: id('Table'), objectClass: 'person', event: 'presence' };
      const res = await post(t, u.token, '/analytics/alerts/rules', {
        uidd: cam,
        rule: { ...base, ...extra },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    await rule('Person at the table', { schedule: { days: [1], from: '22:00', to: '06:00' } });
    await rule('Person at the window', { areaId: id('Window') });
    await rule('Car at the table', { objectClass: 'car' });
    await rule('Office hours', { schedule: { days: [1], from: '09:00', to: '17:00' } });
    await rule('Switched off', { enabled: false });

    const seen: RealtimeMessage[] = [];
    const stop = t.app.services.realtime.subscribe((m) => {
      if (m.type === 'ruleAlert') seen.push(m);
    });
    try {
      const labeller = t.app.services.labeller;
      labeller.still({ id: 'ev1', uidd: cam as never, still: await personPicture() });
      await labeller.idle();
      labeller.still({ id: 'ev1', uidd: cam as never, still: await personPicture() });
      labeller.still({ id: 'ev2', uidd: cam as never, still: await emptyPicture() });
      await labeller.idle();
    } finally {
      stop();
    }
    expect(seen).toEqual([
      {
        type: 'ruleAlert',
        data: {
          uidd: cam,
          id: 'ev1',
          ruleId: expect.any(String),
          ruleName: 'Person at the table',
          areaName: 'Table',
          objectClass: 'person',
          confidence: expect.any(Number),
          notify: true,
        },
      },
    ]);
    expect((seen[0]!.data as { confidence: number }).confidence).toBeGreaterThanOrEqual(0.3);
  }, 120_000);
});
