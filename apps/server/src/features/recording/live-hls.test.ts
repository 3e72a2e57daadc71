import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { recorderFixture } from '../../testing/recorder-fixture.ts';
import { mediaGrant, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { until } from './testing.ts';

/**
 * Live HLS (decision 0460) from a real simulated camera through the real recorder, on both databases: the LL-HLS
 * playlist and its files, blocking reload, the progressive playlist and a segment sent while it is made, access
 * as for the live WebSocket, and live kept running while HLS is fetched.
 */
const rec = recorderFixture('live-hls');
const sim = rec.simulator({ cameras: [{ gopSec: 2, fps: 10 }], portRange: [19100, 19149] });

const box = (b: Buffer) => b.subarray(4, 8).toString();
const uris = (playlist: string, tag: string): string[] =>
  [...playlist.matchAll(new RegExp(`${tag}[^\\n]*URI="([^"]+)"`, 'g'))].map((m) => m[1] as string);

describeEachDb(
  'live HLS',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let uidd: string;
    let dir: string;

    const get = async (url: string, token?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const json = res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
      return {
        status: res.statusCode,
        headers: res.headers,
        body: res.body,
        rawPayload: res.rawPayload,
        json,
      };
    };
    const playlistGrant = () => mediaGrant(t, owner.token, uidd, 'live-playlist');
    const playlist = async (query = '') => {
      const res = await get(`${dir}/index.m3u8?token=${await playlistGrant()}${query}`);
      expect(res.status, res.body).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: { url: sim().cameras[0]!.urls.main, name: 'Gate' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      uidd = res.json.uidd;
      dir = `/live/${uidd}/main`;
      await until(async () => {
        const s = await get(`/cameras/status?uidd[]=${uidd}`, owner.token);
        return s.json.result.devices[0].status === 'online';
      }, 45_000);
    });

    it('serves the LL-HLS playlist, its init segment and parts, and keeps live running', async () => {
      const res = await get(`${dir}/index.m3u8?token=${await playlistGrant()}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/vnd.apple.mpegurl');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const text = res.body;
      expect(text).toMatch(/^#EXTM3U\n#EXT-X-VERSION:9\n/);
      expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=');
      expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.334');
      expect(text).toMatch(/#EXT-X-PART:DURATION=0\.\d+,URI="[^"]+",INDEPENDENT=YES/);
      const [init] = uris(text, '#EXT-X-MAP');
      const init0 = await get(`${dir}/${init}`);
      expect(init0.status).toBe(200);
      expect(box(init0.rawPayload)).toBe('ftyp');
      const [part] = uris(text, '#EXT-X-PART:');
      const p = await get(`${dir}/${part}`);
      expect(p.status).toBe(200);
      expect(box(p.rawPayload)).toBe('moof');
      // Fetching HLS is watching: the live session runs without any livecommand.
      const s = await get(`/cameras/status?uidd[]=${uidd}`, owner.token);
      expect(s.json.result.devices[0].liveStreaming).toBe(true);
    });

    it('holds a blocking reload until the part asked for exists, and the preload hint until it is made', async () => {
      const text = await playlist();
      const [hint] = uris(text, '#EXT-X-PRELOAD-HINT');
      const [, msn, part] = /(\d+)\.(\d+)\.m4s\?/.exec(hint as string) ?? [];
      const [hinted, reloaded] = await Promise.all([
        get(`${dir}/${hint}`),
        playlist(`&_HLS_msn=${msn}&_HLS_part=${part}`),
      ]);
      expect(hinted.status).toBe(200);
      expect(box(hinted.rawPayload)).toBe('moof');
      const parts = uris(reloaded, '#EXT-X-PART:');
      const named = parts.map((u) => /(\d+\.\d+)\.m4s\?/.exec(u)?.[1]);
      // The hinted part is listed (or, past the end of its segment, the next segment's first).
      expect(named.includes(`${msn}.${part}`) || named.includes(`${Number(msn) + 1}.0`)).toBe(true);
      expect((await get(`${dir}/index.m3u8?token=${await playlistGrant()}&_HLS_msn=99999`)).status).toBe(400);
    });

    it('serves complete segments, and a segment of the progressive playlist as it is made', async () => {
      const text = await until(async () => {
        const p = await playlist();
        return /#EXTINF:[\d.]+,\n(\S+\.m4s\S*)/.test(p) && p;
      });
      const segment = /#EXTINF:[\d.]+,\n(\S+\.m4s\S*)/.exec(text)?.[1];
      const s = await get(`${dir}/${segment}`);
      expect(s.status).toBe(200);
      expect(box(s.rawPayload)).toBe('moof');

      const progressive = await playlist('&progressive=1');
      expect(progressive).toMatch(/^#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n/);
      expect(progressive).not.toContain('#EXT-X-PART');
      const listed = progressive.split('\n').filter((l) => l.startsWith('f/'));
      expect(listed.length).toBeGreaterThanOrEqual(3);
      // The last one is still to come: answered once it is complete, frames sent as they arrived.
      const future = await get(`${dir}/${listed.at(-1)}`);
      expect(future.status).toBe(200);
      expect(box(future.rawPayload)).toBe('moof');
    });

    it('authorises as the live WebSocket: the token and viewLive; the files need the playlist’s grant', async () => {
      const stranger = await signedInUser(t);
      expect((await get(`${dir}/index.m3u8`, stranger.token)).status).toBe(404);
      // Never an auth token in the address, not even the owner's (decision 0014).
      expect((await get(`${dir}/index.m3u8?token=${owner.token}`)).status).toBe(401);
      expect((await get(`${dir}/index.m3u8`)).status).toBe(401);
      expect((await get(`${dir}/index.m3u8`, owner.token)).status).toBe(200);
      const [part] = uris(await playlist(), '#EXT-X-PART:');
      const forged = (part as string).replace(
        /grant=(\d+)\.(.)/,
        (_m, exp, c) => `grant=${exp}.${c === 'A' ? 'B' : 'A'}`,
      );
      expect(forged).not.toBe(part);
      expect((await get(`${dir}/${forged}`)).status).toBe(404);
      expect((await get(`${dir}/${(part as string).replace(/\?.*/, '')}`)).status).toBe(400);
      // The grant is for this camera stream only.
      expect((await get(`/live/${uidd}/sd/${part}`)).status).toBe(404);
    });

    it('keeps a native player’s playlist address working past a minute, until its session ends', async () => {
      // A second sign-in of the owner, so signing it out leaves the suite's token alive.
      const other = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: owner.email, password: owner.password },
      });
      const grant = await mediaGrant(t, other.json.authToken, uidd, 'live-playlist');
      const short = await mediaGrant(t, other.json.authToken, uidd, 'live');
      t.clock.advance(5 * 60_000);
      // The player reloads the same address minutes later; a short live grant is long gone by then.
      expect((await get(`${dir}/index.m3u8?token=${grant}`)).status).toBe(200);
      expect((await get(`${dir}/index.m3u8?token=${short}`)).status).toBe(401);
      // Only the live playlist: not the stills, not another camera's playlist.
      const [o, d] = uidd.split('.');
      expect((await get(`/getthumb/${o}/${d}/${grant}`)).status).toBe(401);
      await t.call({ method: 'POST', url: '/logout', token: other.json.authToken, payload: {} });
      expect((await get(`${dir}/index.m3u8?token=${grant}`)).status).toBe(401);
    });
  },
  rec.env,
  rec.options,
  { databasesAtOnce: true },
);
