import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { FakeProbe, FakePtz } from '../cameras/testing.ts';
import { FakeRecording } from '../recording/testing.ts';
import { invited } from './testing.ts';

/**
 * A customer's installer (decision 0720): installs cameras on the account and sees them and their status, but not
 * their pictures, video or events, unless the owner makes them an additional user. Another installer sees nothing.
 */
describeEachDb(
  'installer on a customer account',
  (ctx) => {
    let inst: SignedIn & { id: string };
    let other: SignedIn;
    let owner: SignedIn;

    beforeAll(async () => {
      const t = ctx();
      const support = await signedInUser(t, 's');
      const invite = async (url: string, token: string, label: string) => {
        const made = await invited(t, url, token, label);
        return { ...made.signed, id: made.id };
      };
      inst = await invite('/partners/installers', support.token, 'instA');
      other = await invite('/partners/installers', support.token, 'instB');
      owner = await invite('/partners/customers', inst.token, 'owner');
    });

    it('installs a camera for the customer and sees it with its status; nothing more', async () => {
      const t = ctx();
      const added = await t.call({
        method: 'POST',
        url: '/cameras',
        token: inst.token,
        payload: { url: 'rtsp://203.0.113.9/stream1', owner: owner.uid, name: 'Shop door' },
      });
      expect(added.status, JSON.stringify(added.json)).toBe(201);
      const uidd = added.json.uidd as string;
      expect(uidd.startsWith(`${owner.uid}.`)).toBe(true);

      const listed = await t.call({ method: 'GET', url: `/cameras?owner=${owner.uid}`, token: inst.token });
      expect(listed.json.map((c: { uidd: string }) => c.uidd)).toEqual([uidd]);
      expect(listed.json[0].permission).toEqual({ role: 'installer', actions: ['view', 'install'] });
      const status = await t.call({
        method: 'GET',
        url: `/cameras/status?uidd[]=${uidd}`,
        token: inst.token,
      });
      expect(status.json.errors).toEqual([]);

      const refused = async (url: string) => (await t.call({ method: 'GET', url, token: inst.token })).status;
      expect(await refused(`/getthumb/${uidd.replace('.', '/')}/${inst.token}`)).toBe(403);
      expect(await refused(`/sendcameratask?uid=${uidd}&action=livecommand`)).toBe(403);
      expect(await refused(`/events?uidd=${uidd}`)).toBe(403);
      expect(await refused(`/account/${owner.uid}/audit`)).toBe(403);

      // Another installer: the account and its cameras do not exist for it.
      const stranger = await t.call({
        method: 'GET',
        url: `/cameras?owner=${owner.uid}`,
        token: other.token,
      });
      expect(stranger.json).toEqual([]);
      const strangerAdd = await t.call({
        method: 'POST',
        url: '/cameras',
        token: other.token,
        payload: { url: 'rtsp://203.0.113.9/stream2', owner: owner.uid },
      });
      expect(strangerAdd.status).toBe(404);

      // The customer sees the camera the installer put in, and the installer's list counts it.
      const own = await t.call({ method: 'GET', url: '/cameras', token: owner.token });
      expect(own.json.map((c: { uidd: string }) => c.uidd)).toEqual([uidd]);
      const customers = await t.call({ method: 'GET', url: '/partners/customers', token: inst.token });
      expect(customers.json.customers[0]).toMatchObject({ uid: owner.uid, cameras: 1 });
      // The owner reads who put the camera in.
      const audit = await t.call({ method: 'GET', url: `/account/${owner.uid}/audit`, token: owner.token });
      const installed = audit.json.entries.find((e: { action: string }) => e.action === 'camera.installed');
      expect(installed).toMatchObject({
        action: 'camera.installed',
        actor: { uid: inst.uid, email: inst.email },
        details: { uidd, cameraName: 'Shop door' },
      });
    });

    it('loses the account when suspended', async () => {
      const t = ctx();
      const support = await signedInUser(t, 's');
      await t.call({
        method: 'PUT',
        url: `/partners/${inst.id}/suspended`,
        token: support.token,
        payload: { suspended: true },
      });
      const listed = await t.call({ method: 'GET', url: `/cameras?owner=${owner.uid}`, token: inst.token });
      expect(listed.json).toEqual([]);
      await t.call({
        method: 'PUT',
        url: `/partners/${inst.id}/suspended`,
        token: support.token,
        payload: { suspended: false },
      });
    });
  },
  {},
  () => ({ cameras: { probe: new FakeProbe(), ptz: new FakePtz() }, recording: new FakeRecording() }),
);
