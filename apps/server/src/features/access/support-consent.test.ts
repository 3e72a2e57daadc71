import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { memberOf, type SignedIn, signedInUser, signIn } from '../../testing/sessions.ts';
import { FakeProbe, FakePtz, insertCamera } from '../cameras/testing.ts';
import { FakeRecording } from '../recording/testing.ts';
import { syntheticRecording } from '../recordings/testing.ts';

const HOUR = 3_600_000;
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-support-consent-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const coowner = (t: TestApp, owner: SignedIn) => memberOf(t, owner, 'coowner');

describeEachDb(
  "support access needs the owner's consent (decision 0017)",
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let support: SignedIn;
    let cam: string;
    let video: string;
    const still = () => `/getstill/${cam}/0/${support.token}`;
    const thumb = () => `/getthumb/${cam.replace('.', '/')}/${support.token}`;
    /** The entry a look of support's leaves, written out. */
    const viewed = (kind: string) => ({
      action: 'support.viewed',
      actor: support.uid,
      details: { uidd: cam, cameraName: 'Front door', kind },
    });
    const supportView = async () => {
      const page = await t.call({ method: 'GET', url: `/account/${owner.uid}/audit`, token: owner.token });
      expect(page.status).toBe(200);
      return page.json.entries
        .filter((e: { action: string }) => e.action.startsWith('support.'))
        .map((e: { action: string; actor: { uid?: string }; details: object }) => ({
          action: e.action,
          actor: e.actor.uid,
          details: e.details,
        }));
    };

    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      support = await signedInUser(t, 's');
      cam = await insertCamera(t, owner.uid, { name: 'Front door' });
      const seg = await syntheticRecording(t.db.db, dataDir, cam as never, { endMs: Date.now() - 60_000 });
      video = `/video/mp4/${cam.replace('.', '/')}/${Math.ceil(seg.startMs / 1000)}/${Math.floor(seg.endMs / 1000)}`;
    });

    it('without consent support gets 403 support_consent_required on stills, thumbnails, live and recordings', async () => {
      for (const url of [still(), thumb(), `/live/${cam}/main/index.m3u8`, video]) {
        const res = await t.call({ method: 'GET', url, token: support.token });
        expect(res.status, url).toBe(403);
        expect(res.json.code, url).toBe('support_consent_required');
      }
      // Camera metadata stays visible, for troubleshooting; its permission lists no video.
      const list = await t.call({ method: 'GET', url: `/cameras?uidd=${cam}`, token: support.token });
      expect(list.json.map((c: { uidd: string; permission: object }) => [c.uidd, c.permission])).toEqual([
        [cam, { role: 'support', actions: ['view'] }],
      ]);
      const status = await t.call({
        method: 'GET',
        url: `/cameras/status?uidd[]=${cam}`,
        token: support.token,
      });
      expect(status.status).toBe(200);
      expect(status.json.result.devices).toHaveLength(1);
      expect(await supportView()).toEqual([]);
    });

    it('only the owner and co-owners may give or revoke it; support and strangers may not', async () => {
      const stranger = await signedInUser(t);
      const url = `/account/${owner.uid}/support-access`;
      const byStranger = await t.call({ method: 'POST', url, token: stranger.token, payload: { hours: 24 } });
      expect(byStranger.status).toBe(404);
      const bySupport = await t.call({ method: 'POST', url, token: support.token, payload: { hours: 24 } });
      expect(bySupport.status).toBe(403);
      expect((await t.call({ method: 'DELETE', url, token: stranger.token })).status).toBe(404);
      // A stranger's grant for their own account gives nothing on the owner's.
      await t.call({
        method: 'POST',
        url: `/account/${stranger.uid}/support-access`,
        token: stranger.token,
        payload: {},
      });
      expect((await t.call({ method: 'GET', url: still(), token: support.token })).status).toBe(403);
      const odd = await t.call({ method: 'POST', url, token: owner.token, payload: { hours: 5 } });
      expect(odd.status).toBe(400);
      expect((await t.call({ method: 'GET', url, token: owner.token })).json).toEqual({
        active: false,
        grantedAt: null,
        expiresAt: null,
        grantedBy: null,
      });
    });

    it("after the owner grants, support sees stills, live and recorded video, and the owner's log shows each look once a minute", async () => {
      const url = `/account/${owner.uid}/support-access`;
      const at = t.clock.now();
      const given = await t.call({ method: 'POST', url, token: owner.token, payload: { hours: 1 } });
      expect(given.status).toBe(200);
      expect(given.json).toEqual({ active: true, grantedAt: at, expiresAt: at + HOUR, grantedBy: owner.uid });
      expect((await t.call({ method: 'GET', url, token: support.token })).json.expiresAt).toBe(at + HOUR);

      for (const u of [still(), still(), thumb(), video]) {
        // A second apart, so the log's newest-first order is the order of the looks.
        t.clock.advance(1_000);
        const res = await t.call({ method: 'GET', url: u, token: support.token });
        expect(res.status, u).toBe(200);
      }
      t.clock.advance(1_000);
      const live = await t.call({ method: 'GET', url: `/live/${cam}/main/index.m3u8`, token: support.token });
      expect(live.status).toBe(200);
      const list = await t.call({ method: 'GET', url: `/cameras?uidd=${cam}`, token: support.token });
      expect(list.json[0].permission).toEqual({
        role: 'support',
        actions: ['view', 'viewLive', 'viewRecorded'],
      });
      // The owner's own looks are not support's and are not logged.
      await t.call({ method: 'GET', url: `/getstill/${cam}/0/${owner.token}`, token: owner.token });
      expect(await supportView()).toEqual([
        viewed('live'),
        viewed('recorded'),
        viewed('thumb'),
        viewed('still'),
        { action: 'support.granted', actor: owner.uid, details: { hours: 1, expiresAt: at + HOUR } },
      ]);
      t.clock.advance(61_000);
      expect((await t.call({ method: 'GET', url: still(), token: support.token })).status).toBe(200);
      expect((await supportView())[0]).toEqual(viewed('still'));
      expect(await supportView()).toHaveLength(6);
    });

    it('after it runs out, support is refused again', async () => {
      t.clock.advance(HOUR);
      support = await signIn(t, support.email, support.password);
      owner = await signIn(t, owner.email, owner.password);
      const res = await t.call({ method: 'GET', url: still(), token: support.token });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('support_consent_required');
      const state = await t.call({
        method: 'GET',
        url: `/account/${owner.uid}/support-access`,
        token: owner.token,
      });
      expect(state.json.active).toBe(false);
    });

    it('a co-owner may grant it (24 h by default); revoking refuses support at once and is logged', async () => {
      const co = await coowner(t, owner);
      const url = `/account/${owner.uid}/support-access`;
      const at = t.clock.now();
      const given = await t.call({ method: 'POST', url, token: co.token, payload: {} });
      expect(given.json).toEqual({
        active: true,
        grantedAt: at,
        expiresAt: at + 24 * HOUR,
        grantedBy: co.uid,
      });
      t.clock.advance(1_000);
      expect((await t.call({ method: 'GET', url: thumb(), token: support.token })).status).toBe(200);
      t.clock.advance(1_000);
      const revoked = await t.call({ method: 'DELETE', url, token: owner.token });
      expect(revoked.status).toBe(200);
      expect(revoked.json.active).toBe(false);
      const res = await t.call({ method: 'GET', url: thumb(), token: support.token });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('support_consent_required');
      expect((await supportView()).slice(0, 3)).toEqual([
        { action: 'support.revoked', actor: owner.uid, details: {} },
        viewed('thumb'),
        { action: 'support.granted', actor: co.uid, details: { hours: 24, expiresAt: at + 24 * HOUR } },
      ]);
    });
  },
  { DATA_DIR: dataDir },
  () => ({ cameras: { probe: new FakeProbe(), ptz: new FakePtz() }, recording: new FakeRecording() }),
);
