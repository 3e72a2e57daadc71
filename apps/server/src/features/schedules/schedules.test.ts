import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { until } from '../recording/testing.ts';
import { localWeekMinute } from './schedule-time.ts';

const hhmm = (weekMinute: number) => {
  const m = weekMinute % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

describeEachDb('camera schedules (spec 001 §7)', (ctx) => {
  it('adds, replaces, lists and deletes entries; refuses who may not change settings', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const added = await t.call({
      method: 'POST',
      url: `/schedule/${u.uid}/recording/09:00/off`,
      token: u.token,
      payload: { uidd: cam, daysOfWeek: [1, 2, 2] },
    });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({
      result: [
        { uidd: cam, category: 'recording', local_time: '09:00', action: 'off', day_of_week: 1 },
        { uidd: cam, category: 'recording', local_time: '09:00', action: 'off', day_of_week: 2 },
      ],
      errors: [],
    });
    const replaced = await t.call({
      method: 'PUT',
      url: `/schedule/${u.uid}/recording/10:30/off`,
      token: u.token,
      payload: { uidd: cam, daysOfWeek: [2], localTimeToReplace: '09:00' },
    });
    expect(
      replaced.json.result.map(
        (e: { day_of_week: number; local_time: string }) => `${e.day_of_week} ${e.local_time}`,
      ),
    ).toEqual(['1 09:00', '2 10:30']);
    await t.call({
      method: 'POST',
      url: `/schedule/${u.uid}/notifications/18:00/on`,
      token: u.token,
      payload: { uidd: cam, daysOfWeek: [5] },
    });
    const deleted = await t.call({
      method: 'DELETE',
      url: `/schedule/${u.uid}/recording/09:00`,
      token: u.token,
      payload: { uidd: cam, daysOfWeek: [1] },
    });
    expect(deleted.json.result).toEqual([
      { uidd: cam, category: 'notifications', local_time: '18:00', action: 'on', day_of_week: 5 },
      { uidd: cam, category: 'recording', local_time: '10:30', action: 'off', day_of_week: 2 },
    ]);
    const bad = await t.call({
      method: 'POST',
      url: `/schedule/${u.uid}/recording/24:00/off`,
      token: u.token,
      payload: { uidd: cam, daysOfWeek: [1] },
    });
    expect(bad.status).toBe(400);
    const reader = await addMember(t, u, 'readonly');
    const refused = await t.call({
      method: 'POST',
      url: `/schedule/${reader.uid}/recording/08:00/on`,
      token: reader.token,
      payload: { uidd: cam, daysOfWeek: [1] },
    });
    expect(refused.status).toBe(403);
    const read = await t.call({
      method: 'GET',
      url: `/schedule/${reader.uid}?uidd=${cam}`,
      token: reader.token,
    });
    expect(read.json.result).toHaveLength(2);
    const stranger = await signedInUser(t);
    const hidden = await t.call({
      method: 'GET',
      url: `/schedule/${stranger.uid}?uidd=${cam}`,
      token: stranger.token,
    });
    expect(hidden.json).toEqual({
      result: [],
      errors: [{ uidd: cam, code: 'not_found', error: 'Camera not found' }],
    });
    const otherId = await t.call({
      method: 'GET',
      url: `/schedule/${u.uid}?uidd=${cam}`,
      token: stranger.token,
    });
    expect(otherId.status).toBe(403);
  });

  it('switches recording off within 2 s of its local time in the camera’s zone, and a change by hand stays', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const tz = 'America/New_York';
    const cam = await insertCamera(t, u.uid, { timezone: tz });
    const base = t.clock.now();
    const target = (localWeekMinute(base, tz) + 3) % (7 * 1440);
    const res = await t.call({
      method: 'POST',
      url: `/schedule/${u.uid}/recording/${hhmm(target)}/off`,
      token: u.token,
      payload: { uidd: cam, daysOfWeek: [Math.floor(target / 1440)] },
    });
    expect(res.status).toBe(200);
    const recording = async () =>
      (await t.call({ method: 'GET', url: `/cameras?uidd=${cam}`, token: u.token })).json[0]
        .cloudRecordingEnabled;
    // The scheduler notes where each camera's clock is on its first pass (once a second); then the clock moves.
    await new Promise((r) => setTimeout(r, 1500));
    t.clock.advance(2 * 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await recording()).toBe(true);
    t.clock.advance(60_000 - (t.clock.now() % 60_000));
    const at = Date.now();
    await until(async () => (await recording()) === false, 2000, 50);
    expect(Date.now() - at).toBeLessThan(2000);
    // Turned back on by hand: the schedule does not undo it until its next entry.
    await t.call({
      method: 'PUT',
      url: '/cameras/config/cloudrecordingenabled',
      token: u.token,
      payload: { uidd: cam, cloudRecordingEnabled: true },
    });
    t.clock.advance(30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await recording()).toBe(true);
  }, 20_000);
});
