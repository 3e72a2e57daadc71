import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { LicencesService } from './licences-service.ts';
import { licensedRetention } from './licensed-retention.ts';

/**
 * Storage days of the licence bound retention (decision 0706): the recorder reads each camera's days held to its
 * owner's plan: the default end-user plan's 30, a paid plan's 60; fewer days on the camera stay as they are.
 */
describeEachDb('retention held to the licence', (ctx) => {
  it('gives the recorder the fewer of the camera days and the plan storage days', async () => {
    const t = ctx();
    const free = await signedInUser(t);
    const paid = await signedInUser(t);
    const gone = await insertCamera(t, free.uid, { name: 'Kept 90 days' });
    const paidCam = await insertCamera(t, paid.uid, { name: 'Paid' });
    const settings = t.app.services.cameras.settings;
    // Days left on the cameras by an earlier plan (0741: a cancelled plan leaves them as they were).
    await settings.setStorageDaysOf(free.uid, 90);
    await settings.setStorageDaysOf(paid.uid, 90);
    const licences = new LicencesService({
      users: t.app.services.users,
      cameras: settings,
      access: { roleOn: async () => undefined },
      plan: async (uid) =>
        uid === paid.uid
          ? { plan: 'paid', cloudCameras: 4, storageDays: 60, maxResolution: '4MP', analytics: [] }
          : undefined,
    });
    const lookup = licensedRetention(t.app.services.cameras.directory, (o) => licences.storageDays(o));
    const days = async () =>
      Object.fromEntries((await lookup.installed()).map((c) => [c.name, c.cloudStorageDays]));
    expect(await days()).toEqual({ 'Kept 90 days': 30, Paid: 60 });
    expect((await lookup.get(gone))?.cloudStorageDays).toBe(30);
    await settings.setStorageDaysOf(paid.uid, 14);
    expect((await lookup.get(paidCam))?.cloudStorageDays).toBe(14);
    expect(await licences.storageDays('no-such-account')).toBe(undefined);
  });
});
