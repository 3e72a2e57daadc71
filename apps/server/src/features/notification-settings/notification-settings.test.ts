import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';

describeEachDb('notification settings per person and camera (decision 0707)', (ctx) => {
  const get = (t: TestApp, who: SignedIn, uidd: string) =>
    t.call({ method: 'GET', url: `/cameras/notifications/config?uidd=${uidd}`, token: who.token });
  const patch = (t: TestApp, who: SignedIn, uidd: string, settings: object) =>
    t.call({
      method: 'PATCH',
      url: '/cameras/notifications/config',
      token: who.token,
      payload: { uidd, settings },
    });

  it('keeps each person their own choices, within what their level may receive', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    expect((await get(t, owner, cam)).json).toEqual({
      uidd: cam,
      settings: { onlineOffline: true, analytics: true, ruleAlerts: true, email: true, push: false },
      allowed: { onlineOffline: true, analytics: true },
    });
    const changed = await patch(t, owner, cam, { push: true, analytics: false });
    expect(changed.json.settings).toEqual({
      onlineOffline: true,
      analytics: false,
      ruleAlerts: true,
      email: true,
      push: true,
    });
    expect((await get(t, owner, cam)).json.settings.push).toBe(true);

    // A read-only member receives notifications; their choice is theirs alone.
    const readonly = await addMember(t, owner, 'readonly');
    await patch(t, readonly, cam, { email: false });
    expect((await get(t, readonly, cam)).json.settings).toEqual({
      onlineOffline: true,
      analytics: true,
      ruleAlerts: true,
      email: false,
      push: false,
    });
    expect((await get(t, owner, cam)).json.settings.email).toBe(true);

    // A view-only member may receive none of these: they read off and cannot be turned on.
    const viewonly = await addMember(t, owner, 'viewonly');
    expect((await get(t, viewonly, cam)).json).toEqual({
      uidd: cam,
      settings: { onlineOffline: false, analytics: false, ruleAlerts: false, email: true, push: false },
      allowed: { onlineOffline: false, analytics: false },
    });
    const refused = await patch(t, viewonly, cam, { ruleAlerts: true });
    expect([refused.status, refused.json.error]).toEqual([
      403,
      'Your access level does not include these notifications',
    ]);
    expect((await patch(t, viewonly, cam, { push: true })).status).toBe(200);

    const none = await addMember(t, owner, 'none');
    expect((await get(t, none, cam)).status).toBe(404);
    expect((await patch(t, owner, cam, {})).status).toBe(400);
  });
});
