import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser, signIn } from '../../testing/sessions.ts';
import { FakeProbe, FakePtz, insertCamera } from '../cameras/testing.ts';
import { FakeRecording } from '../recording/testing.ts';

const probe = new FakeProbe();

/**
 * Support's account page (decision 0721): the account's sessions and ending one, its error reports and usage logs
 * a page at a time, and re-probing a camera; what support did is in the owner's audit log.
 */
describeEachDb(
  'support account page',
  (ctx) => {
    let support: SignedIn;
    let owner: SignedIn;

    beforeAll(async () => {
      const t = ctx();
      support = await signedInUser(t, 's');
      owner = await signedInUser(t);
    });

    const audit = async () => {
      const res = await ctx().call({ method: 'GET', url: `/account/${owner.uid}/audit`, token: owner.token });
      return res.json.entries as { action: string; actor: { uid?: string }; details: object }[];
    };

    it('lists the account sessions and ends one; the owner reads it in the audit log', async () => {
      const t = ctx();
      const phone = await signIn(t, owner.email, owner.password);
      const listed = await t.call({
        method: 'GET',
        url: `/support/accounts/${owner.uid}/sessions`,
        token: support.token,
      });
      expect(listed.status).toBe(200);
      const ids = listed.json.sessions.map((s: { seriesId: string }) => s.seriesId).sort();
      expect(ids).toEqual([owner.login.webLogin.seriesId, phone.login.webLogin.seriesId].sort());
      expect(listed.json.sessions.map((s: { current: boolean }) => s.current)).toEqual([false, false]);

      const ended = await t.call({
        method: 'DELETE',
        url: `/support/accounts/${owner.uid}/sessions/${phone.login.webLogin.seriesId}`,
        token: support.token,
      });
      expect(ended.status, JSON.stringify(ended.json)).toBe(200);
      const after = await t.call({
        method: 'GET',
        url: `/support/accounts/${owner.uid}/sessions`,
        token: support.token,
      });
      expect(after.json.sessions.map((s: { seriesId: string }) => s.seriesId)).toEqual([
        owner.login.webLogin.seriesId,
      ]);
      // The ended session's token is refused at once; the other still works.
      expect((await t.call({ method: 'GET', url: '/cameras', token: phone.token })).status).toBe(401);
      const again = await t.call({
        method: 'DELETE',
        url: `/support/accounts/${owner.uid}/sessions/${phone.login.webLogin.seriesId}`,
        token: support.token,
      });
      expect(again.status).toBe(404);
      const [entry] = await audit();
      expect(entry).toMatchObject({
        action: 'support.tool',
        actor: { uid: support.uid },
        details: { tool: 'end-session', device: 'lightMyRequest' },
      });
    });

    it('pages the error reports and usage logs newest first', async () => {
      const t = ctx();
      for (let i = 1; i <= 23; i += 1) {
        t.clock.advance(1000);
        const res = await t.call({
          method: 'POST',
          url: `/web-errors/${owner.uid}/slack`,
          token: owner.token,
          payload: { identifier: 'cameras', href: 'https://vigil.test/cameras', message: `error ${i}` },
        });
        expect(res.status).toBe(202);
      }
      const url = `/support/accounts/${owner.uid}/error-reports`;
      const first = await t.call({ method: 'GET', url, token: support.token });
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      const messages = (p: { reports: { message: string }[] }) => p.reports.map((r) => r.message);
      expect(messages(first.json)).toEqual(Array.from({ length: 20 }, (_, k) => `error ${23 - k}`));
      expect(first.json.next).toMatch(/^\d+:/);
      const second = await t.call({
        method: 'GET',
        url: `${url}?before=${encodeURIComponent(first.json.next)}`,
        token: support.token,
      });
      expect(messages(second.json)).toEqual(['error 3', 'error 2', 'error 1']);
      expect(second.json.next).toBeNull();
      expect(second.json.reports[0]).toMatchObject({
        identifier: 'cameras',
        href: 'https://vigil.test/cameras',
      });

      t.clock.advance(1000);
      const val = {
        host: 'vigil.test',
        fingerprint: 'fp',
        instance: 'i1',
        version: '1.2.3',
        url: 'https://vigil.test/events',
        windowSize: '390x844',
      };
      await t.call({
        method: 'POST',
        url: `/tracking/${owner.uid}/0/alog`,
        token: owner.token,
        payload: { type: 'start', val },
      });
      const logs = await t.call({
        method: 'GET',
        url: `/support/accounts/${owner.uid}/usage-logs`,
        token: support.token,
      });
      expect(logs.json.logs).toMatchObject([
        { type: 'start', url: 'https://vigil.test/events', version: '1.2.3', windowSize: '390x844' },
      ]);
      expect(logs.json.next).toBeNull();
    });

    it('re-probes a camera and writes the result to the owner audit log', async () => {
      const t = ctx();
      const uidd = await insertCamera(t, owner.uid, { name: 'Back door' });
      const url = `/support/cameras/${uidd}/probe`;
      probe.next = {
        ok: true,
        info: { videoCodec: 'h265', width: 2560, height: 1440, frameRate: 15, audioCodec: null },
      };
      const ok = await t.call({ method: 'POST', url, token: support.token });
      expect(ok.json).toEqual({
        ok: true,
        uidd,
        videoCodec: 'h265',
        width: 2560,
        height: 1440,
        frameRate: 15,
      });
      expect(probe.targets.at(-1)?.url).toMatch(/^rtsp:\/\/198\.51\.100\.\d+:554\/live$/);
      t.clock.advance(1000);
      probe.next = { ok: false, kind: 'unauthorised', detail: '401 Unauthorized' };
      const bad = await t.call({ method: 'POST', url, token: support.token });
      expect(bad.json).toEqual({ ok: false, uidd, kind: 'unauthorised', detail: '401 Unauthorized' });
      const [last, previous] = await audit();
      expect(last?.details).toEqual({ tool: 'reprobe-camera', uidd, result: 'unauthorised' });
      expect(previous?.details).toEqual({ tool: 'reprobe-camera', uidd, result: 'ok' });
      // The owner cannot use support's probe, and an unknown camera is 404.
      expect((await t.call({ method: 'POST', url, token: owner.token })).status).toBe(403);
      const missing = await t.call({
        method: 'POST',
        url: `/support/cameras/${owner.uid}.nosuch`,
        token: support.token,
      });
      expect(missing.status).toBe(404);
    });
  },
  {},
  () => ({ cameras: { probe, ptz: new FakePtz() }, recording: new FakeRecording() }),
);
