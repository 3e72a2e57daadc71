import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { FakeRecording } from '../recording/testing.ts';
import { acceptInvitation, newcomer } from './testing.ts';

/**
 * The free partner demo (spec 000 §3, §6; decision 0721): installers and distributors see the demo account's cameras
 * and watch them live; nothing more of the demo account, and nobody else gets them.
 */
describeEachDb(
  'free partner demo',
  (ctx) => {
    let inst: SignedIn;
    let dist: SignedIn;
    let user: SignedIn;
    let demoCam: string;

    beforeAll(async () => {
      const t = ctx();
      const support = await signedInUser(t, 's');
      user = await signedInUser(t);
      const d = newcomer('demoDist');
      await t.call({ method: 'POST', url: '/partners/distributors', token: support.token, payload: d });
      dist = await acceptInvitation(t, d.email, 'correct horse demo dist');
      const i = newcomer('demoInst');
      await t.call({ method: 'POST', url: '/partners/installers', token: dist.token, payload: i });
      inst = await acceptInvitation(t, i.email, 'correct horse demo inst');
      const demoUid = await t.app.services.users.demoUid();
      demoCam = await insertCamera(t, demoUid!, { name: 'Demo entrance' });
    });

    it('lists the demo cameras to installers and distributors, who watch them live and nothing more', async () => {
      const t = ctx();
      for (const partner of [inst, dist]) {
        const listed = await t.call({ method: 'GET', url: '/cameras', token: partner.token });
        expect(listed.json.map((c: { uidd: string; name: string }) => [c.uidd, c.name])).toEqual([
          [demoCam, 'Demo entrance'],
        ]);
        expect(listed.json[0].permission).toEqual({ role: 'partnerDemo', actions: ['view', 'viewLive'] });
        const live = await t.call({
          method: 'GET',
          url: `/sendcameratask?uid=${demoCam}&action=livecommand`,
          token: partner.token,
        });
        expect(live.status, JSON.stringify(live.json)).toBe(200);
        const recorded = await t.call({
          method: 'GET',
          url: `/events?uidd=${demoCam}`,
          token: partner.token,
        });
        expect(recorded.status).toBe(403);
        const rename = await t.call({
          method: 'PUT',
          url: `/phonename?uid=${demoCam}&name=Mine`,
          token: partner.token,
        });
        expect(rename.status).toBe(403);
        const removed = await t.call({
          method: 'GET',
          url: `/deldevice?uid=${demoCam}`,
          token: partner.token,
        });
        expect(removed.status).toBe(403);
      }
    });

    it('gives an end user nothing of the demo account', async () => {
      const t = ctx();
      const listed = await t.call({ method: 'GET', url: '/cameras', token: user.token });
      expect(listed.json).toEqual([]);
      const live = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${demoCam}&action=livecommand`,
        token: user.token,
      });
      expect(live.status).toBe(404);
    });
  },
  {},
  () => ({ recording: new FakeRecording() }),
);
