import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';

describeEachDb('media grants in URLs (decision 0014)', (ctx) => {
  it('open one camera, for one purpose, for a minute, while the session lives; never as an auth token', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    const other = await insertCamera(t, owner.uid);
    const grant = async (uidd: string, purpose: string, token = owner.token) =>
      t.call({ method: 'POST', url: '/grants', token, payload: { uidd, purpose } });
    const live = await grant(cam, 'live');
    const still = (await grant(cam, 'still')).json.grant as string;
    expect(live.status).toBe(200);
    expect(live.json.grant).toMatch(/^mg_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(live.json.expiresAt).toBe((Math.floor(t.clock.now() / 1000) + 60) * 1000);
    const recorded = (await grant(cam, 'recorded')).json.grant as string;
    const [o, d] = cam.split('.');
    const get = async (url: string) => {
      const res = await t.call({ method: 'GET', url });
      return [res.status, res.json?.code];
    };
    // Accepted where a token goes in the URL (the test app runs no recorder: past the guard, "no image" or
    // "no live video" answers, not 401).
    expect(await get(`/getthumb/${o}/${d}/${still}`)).toEqual([404, 'not_found']);
    expect(await get(`/getstill/${cam}/1/${still}`)).toEqual([404, 'not_found']);
    expect(await get(`/getstill/${cam}/1/${live.json.grant}`)).toEqual([401, 'invalid_token']);
    expect(await get(`/live/${cam}/main/index.m3u8?token=${live.json.grant}`)).toEqual([
      503,
      'live_unavailable',
    ]);
    expect(await get(`/simple/${o}/${d}/hdstill/1000.jpg?token=${recorded}`)).toEqual([404, 'video_missing']);
    // Not for another camera, nor another purpose.
    const [o2, d2] = other.split('.');
    expect(await get(`/getthumb/${o2}/${d2}/${still}`)).toEqual([401, 'invalid_token']);
    expect(await get(`/simple/${o}/${d}/hdstill/1000.jpg?token=${live.json.grant}`)).toEqual([
      401,
      'invalid_token',
    ]);
    expect(await get(`/live/${cam}/main/index.m3u8?token=${recorded}`)).toEqual([401, 'invalid_token']);
    // Not as an auth token anywhere.
    expect((await t.call({ method: 'GET', url: '/session', token: live.json.grant })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `/cameras?token=${live.json.grant}` })).status).toBe(401);
    // Tampered: refused.
    const forged = still.replace(/\.[A-Za-z0-9_-]{22}$/, '.AAAAAAAAAAAAAAAAAAAAAA');
    expect(await get(`/getthumb/${o}/${d}/${forged}`)).toEqual([401, 'invalid_token']);
    // Only for a caller who may: another tenant's camera is not found.
    expect((await grant(cam, 'live', stranger.token)).status).toBe(404);
    // A minute later it is gone.
    t.clock.advance(61_000);
    expect(await get(`/getthumb/${o}/${d}/${still}`)).toEqual([401, 'invalid_token']);
    // Signing out ends the grants of that session at once.
    const fresh = (await grant(cam, 'still')).json.grant as string;
    expect(await get(`/getthumb/${o}/${d}/${fresh}`)).toEqual([404, 'not_found']);
    await t.call({ method: 'POST', url: '/logout', payload: {}, token: owner.token });
    expect(await get(`/getthumb/${o}/${d}/${fresh}`)).toEqual([401, 'invalid_token']);
  });

  it('never takes an auth token in an address, on any media route', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    const [o, d] = cam.split('.');
    const tk = owner.token;
    const refused = async (url: string) => {
      const res = await t.call({ method: 'GET', url });
      return [res.status, res.json?.code];
    };
    expect(await refused(`/getthumb/${o}/${d}/${tk}`)).toEqual([401, 'unauthorised']);
    expect(await refused(`/getstill/${cam}/1/${tk}`)).toEqual([401, 'unauthorised']);
    expect(await refused(`/getthumb/${o}/${d}/-?token=${tk}`)).toEqual([401, 'unauthorised']);
    expect(await refused(`/live/${cam}/main/index.m3u8?token=${tk}`)).toEqual([401, 'unauthorised']);
    expect(await refused(`/simple/${o}/${d}/hdstill/1000.jpg?token=${tk}`)).toEqual([401, 'share_invalid']);
    expect(await refused(`/hls/${o}/${d}/1000/1060/index.m3u8?token=${tk}`)).toEqual([401, 'share_invalid']);
    expect(await refused(`/video/mp4/${o}/${d}/1000/1060?token=${tk}`)).toEqual([401, 'share_invalid']);
    expect(await refused(`/stream/mp4/${o}/${d}/1000/1060/${tk}`)).toEqual([401, 'share_invalid']);
    // The same token in the header is the owner's.
    const header = await t.call({ method: 'GET', url: `/getthumb/${o}/${d}/-`, token: tk });
    expect([header.status, header.json?.code]).toEqual([404, 'not_found']);
  });
});
