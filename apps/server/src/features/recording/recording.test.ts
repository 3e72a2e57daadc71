import { LIVE_CLOSE, type RealtimeMessage } from '@vigil/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { recorderFixture } from '../../testing/recorder-fixture.ts';
import { mediaGrant, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import type { Recording } from './recording.ts';
import { openLive, until } from './testing.ts';

/**
 * The recorder wired into the server, with a real simulated camera, real ffprobe and ffmpeg, on both databases:
 * install → status online → livecommand announced → live over WebSocket from the keyframe → stills; another
 * tenant refused; signing out ends live; an outage shows in the status; deleting drops the camera.
 */
// A data directory per database: the server's recordings feature reads what this suite's recorder writes.
const rec = recorderFixture('recording', { app: { realtimeRecheckMs: 300 } });
const sim = rec.simulator({ cameras: [{ gopSec: 4, fps: 10 }], portRange: [18800, 18849] });

describeEachDb(
  'recording in the server',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let base: string;
    let uidd: string;
    const messages: RealtimeMessage[] = [];

    const status = async (who = owner) =>
      (await t.call({ method: 'GET', url: `/cameras/status?uidd[]=${uidd}`, token: who.token })).json;

    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
      t.app.services.realtime.subscribe((m) => messages.push(m));
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: { url: sim().cameras[0]!.urls.main, name: 'Door' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      uidd = res.json.uidd;
    });

    it('records an installed camera at once: its status turns online', async () => {
      const s = await until(async () => {
        const d = (await status()).result.devices[0];
        return d.status === 'online' && d;
      });
      expect(s.lastActivity).toBeGreaterThan(0);
    });

    it('starts live with livecommand: answers the live URL and announces the session', async () => {
      const res = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${uidd}&action=livecommand&caller=web`,
        token: owner.token,
      });
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({
        stream: 'main',
        url: `/live/${uidd}/main`,
        liveStreamName: uidd,
      });
      expect(res.json.data.mimeType).toMatch(/^video\/mp4; codecs="avc1\./);
      expect(messages).toContainEqual({
        type: 'liveSession',
        data: { uidd, state: 'started', stream: 'main', url: `/live/${uidd}/main` },
      });
      expect((await status()).result.devices[0].liveStreaming).toBe(true);
      // Unwatched, the session ends when the hold runs out.
      await until(() => messages.some((m) => m.type === 'liveSession' && m.data.state === 'stopped'));
    });

    it('sends the init segment and the GOP since the last keyframe at once, then follows', async () => {
      const started = Date.now();
      const v = openLive(`${base}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}`);
      expect(await v.opened).toBe(101);
      await v.binariesAt(2);
      const firstMs = Date.now() - started;
      expect(JSON.parse(v.texts[0]!)).toMatchObject({
        type: 'init',
        mimeType: expect.stringContaining('avc1'),
      });
      expect(v.binaries[0]!.subarray(4, 8).toString()).toBe('ftyp');
      expect(v.binaries[1]!.subarray(4, 8).toString()).toBe('moof');
      // A 4 s keyframe interval, yet no wait for the next keyframe.
      expect(firstMs).toBeLessThan(1500);
      const had = v.binaries.length;
      await v.binariesAt(had + 5);
      v.close();
      await v.closed;
    });

    it('refuses the live stream and the stills to another tenant, and to no token', async () => {
      const stranger = await signedInUser(t);
      // No grant for a camera they cannot see; their auth token in the address is refused as any auth token is.
      const asked = {
        method: 'POST',
        url: '/grants',
        token: stranger.token,
        payload: { uidd, purpose: 'live' },
      };
      expect((await t.call(asked)).status).toBe(404);
      expect(await openLive(`${base}/live/${uidd}/main?token=${stranger.token}`).opened).toBe(401);
      expect(await openLive(`${base}/live/${uidd}/main`).opened).toBe(401);
      const [ownerUid, deviceId] = uidd.split('.') as [string, string];
      for (const url of [
        `/getthumb/${ownerUid}/${deviceId}/-`,
        `/getstill/${uidd}/0/-`,
        `/simple/${ownerUid}/${deviceId}/hdstill/${Math.floor(Date.now() / 1000) - 2}.jpg`,
      ])
        expect((await t.call({ method: 'GET', url, token: stranger.token })).status, url).toBe(404);
      expect(
        (await t.call({ method: 'GET', url: `/getthumb/${ownerUid}/${deviceId}/not-a-token` })).status,
      ).toBe(401);
    });

    it('takes a still on thumbscommand and serves it to the owner', async () => {
      const res = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${uidd}&action=thumbscommand`,
        token: owner.token,
      });
      expect(res.status).toBe(200);
      expect(res.json.data.lastThumbTime).toBeGreaterThan(0);
      const [ownerUid, deviceId] = uidd.split('.') as [string, string];
      // As the web app asks for it: the still's time as a cache-buster.
      const thumb = await t.call({
        method: 'GET',
        url: `/getthumb/${ownerUid}/${deviceId}/${await mediaGrant(t, owner.token, uidd, 'still')}?t=${Date.now()}`,
      });
      expect(thumb.status).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const still = await t.call({
        method: 'GET',
        url: `/getstill/${uidd}/1/${await mediaGrant(t, owner.token, uidd, 'still')}`,
      });
      expect(still.status).toBe(200);
      expect((await status()).result.devices[0].lastStill).toBeGreaterThan(0);
    });

    it('refuses pan/tilt/zoom on a camera without it, clearly', async () => {
      const res = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${uidd}&action=ptz_left`,
        token: owner.token,
      });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('ptz_unsupported');
    });

    it('ends a live stream when its viewer signs out, and only that session’s', async () => {
      // A second sign-in of the owner, so signing it out leaves the suite's token alive.
      const login = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: owner.email, password: owner.password },
      });
      const v = openLive(
        `${base}/live/${uidd}/main?token=${await mediaGrant(t, login.json.authToken, uidd)}`,
      );
      expect(await v.opened).toBe(101);
      await v.binariesAt(2);
      await t.call({ method: 'POST', url: '/logout', token: login.json.authToken, payload: {} });
      expect((await v.closed).code).toBe(LIVE_CLOSE.sessionEnded);
      // The owner's other session still watches live.
      const still = openLive(`${base}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}`);
      expect(await still.opened).toBe(101);
      await still.binariesAt(2);
      still.close();
      await still.closed;
    });

    it('reports the camera offline during an outage and online again after', async () => {
      await sim().stopCamera(0);
      await until(async () => (await status()).result.devices[0].status === 'offline');
      await sim().startCamera(0);
      await until(async () => (await status()).result.devices[0].status === 'online', 30_000);
    }, 60_000);

    it('serves a recorded frame (hdstill) once its segment is indexed', async () => {
      const [ownerUid, deviceId] = uidd.split('.') as [string, string];
      const hd = await until(async () => {
        // A few seconds back (not in the outage just before), once the segment holding it is closed.
        const at = Math.floor(Date.now() / 1000) - 5;
        const r = await t.call({
          method: 'GET',
          url: `/simple/${ownerUid}/${deviceId}/hdstill/${at}.jpg`,
          token: owner.token,
        });
        return r.status === 200 && r;
      }, 25_000);
      expect(hd.headers['content-type']).toBe('image/jpeg');
    }, 30_000);

    it('stops recording an uninstalled camera; a deleted one is dropped with its live viewers', async () => {
      const v = openLive(`${base}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}`);
      expect(await v.opened).toBe(101);
      const res = await t.call({ method: 'GET', url: `/deldevice?uid=${uidd}`, token: owner.token });
      expect(res.status).toBe(200);
      expect([LIVE_CLOSE.accessEnded, 1000, 1005]).toContain((await v.closed).code);
      await until(
        () =>
          t.app.services.recording &&
          !(t.app.services.recording as Recording).recorder?.status(uidd as never),
      );
    });
  },
  rec.env,
  rec.options,
);
