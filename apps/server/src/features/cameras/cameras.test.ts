import { epochMs } from '@vigil/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { insertCamera, signedInUser, statusBoard } from './testing.ts';

describeEachDb('GET /cameras', (ctx) => {
  it('answers the caller’s cameras with every field of the camera entity, filtered by uidd and owner', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const a = await insertCamera(t, u.uid, { name: 'A' });
    const b = await insertCamera(t, u.uid, { name: 'B', sd: true });
    const all = await t.call({ method: 'GET', url: '/cameras', token: u.token });
    expect(all.status).toBe(200);
    expect(all.json.map((c: { uidd: string }) => c.uidd)).toEqual([a, b]);
    const fields = [
      'logger',
      'uidd',
      'owner',
      'deviceId',
      'model',
      'name',
      'recordedStreamName',
      'macAddress',
      'camId',
      'timezoneName',
      'cloudRecordingEnabled',
      'romEnabled',
      'ptzEnabled',
      'talkbackEnabled',
      'audioEnabled',
      'analyticsEnabled',
      'mainstreamLive',
      'analyticsScheme',
      'recordingResolution',
      'wowza',
      'sdWowza',
      'cloudAdapterId',
      'cloudAdapterVersion',
      'localLiveHost',
      'localLiveId',
      'access',
      'tags',
      'videoCodec',
      'lastLogger',
    ];
    for (const f of fields) expect(all.json[0], f).toHaveProperty(f);
    expect(all.json[0]).toMatchObject({ access: 'a', tags: [], videoCodec: 'h264', owner: u.uid });

    const one = await t.call({ method: 'GET', url: `/cameras?uidd=${b}`, token: u.token });
    expect(one.json.map((c: { uidd: string }) => c.uidd)).toEqual([b]);
    const both = await t.call({ method: 'GET', url: `/cameras?uidd[]=${a}&uidd[]=${b}`, token: u.token });
    expect(both.json).toHaveLength(2);
    const byOwner = await t.call({ method: 'GET', url: `/cameras?owner=${u.uid}`, token: u.token });
    expect(byOwner.json).toHaveLength(2);
    const bad = await t.call({ method: 'GET', url: '/cameras?uidd=nodot', token: u.token });
    expect(bad.status).toBe(400);
  });

  it('lets support read any account’s cameras, without stream addresses', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const s = await signedInUser(t, 's');
    const a = await insertCamera(t, u.uid);
    const own = await t.call({ method: 'GET', url: '/cameras', token: s.token });
    expect(own.json).toEqual([]);
    const res = await t.call({ method: 'GET', url: `/cameras?owner=${u.uid}`, token: s.token });
    expect(res.json.map((c: { uidd: string }) => c.uidd)).toEqual([a]);
    expect(res.json[0].streams).toBeUndefined();
    const mine = await t.call({ method: 'GET', url: '/cameras', token: u.token });
    expect(mine.json[0].streams.main).toMatch(/^rtsp:\/\//);
  });
});

describeEachDb('GET /cameras/status', (ctx) => {
  it('maps the recorder’s live to online, unknown to offline, uninstalled from the database; times in ms', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const live = await insertCamera(t, u.uid);
    const silent = await insertCamera(t, u.uid);
    const gone = await insertCamera(t, u.uid, { uninstalled: true });
    const broken = await insertCamera(t, u.uid);
    statusBoard(t).report(live, {
      state: 'live',
      lastThumbTime: epochMs(1_700_000_000_000),
      lastActivity: epochMs(1_700_000_001_000),
      lastStill: epochMs(1_700_000_002_000),
      liveStreaming: true,
      liveStreamName: 'live-1',
    });
    statusBoard(t).report(gone, { state: 'live' });
    statusBoard(t).report(broken, { state: 'error', problem: 'video unsupported' });
    const missing = `${u.uid}.nope`;
    const res = await t.call({
      method: 'GET',
      url: `/cameras/status?uidd[]=${live}&uidd[]=${silent}&uidd[]=${gone}&uidd[]=${broken}&uidd[]=${missing}`,
      token: u.token,
    });
    expect(res.status).toBe(200);
    const by = Object.fromEntries(res.json.result.devices.map((d: { uidd: string }) => [d.uidd, d]));
    expect(by[live]).toMatchObject({
      status: 'online',
      lastThumbTime: 1_700_000_000_000,
      lastActivity: 1_700_000_001_000,
      lastStill: 1_700_000_002_000,
      liveStreaming: true,
      liveStreamName: 'live-1',
      deviceId: live.split('.')[1],
      wowza: 'http://localhost:8080',
    });
    expect(by[silent]).toMatchObject({ status: 'offline', lastThumbTime: null, liveStreaming: false });
    expect(by[gone].status).toBe('uninstalled');
    expect(by[broken]).toMatchObject({ status: 'offline', problem: 'video unsupported' });
    expect(res.json.errors).toEqual([{ uidd: missing, code: 'not_found', error: 'Camera not found' }]);

    // Repeated `uidd` works as well as `uidd[]`.
    const plain = await t.call({
      method: 'GET',
      url: `/cameras/status?uidd=${live}&uidd=${silent}`,
      token: u.token,
    });
    expect(plain.json.result.devices).toHaveLength(2);
  });

  it('answers every camera offline, listed in errors, when the status provider fails', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const a = await insertCamera(t, u.uid);
    const gone = await insertCamera(t, u.uid, { uninstalled: true });
    const cams = t.app.services.cameras as { status: { statuses: unknown } };
    const original = cams.status.statuses;
    cams.status.statuses = async () => {
      throw new Error('recorder host unreachable');
    };
    try {
      const res = await t.call({
        method: 'GET',
        url: `/cameras/status?uidd[]=${a}&uidd[]=${gone}`,
        token: u.token,
      });
      expect(res.json.result.devices.map((d: { status: string }) => d.status)).toEqual([
        'offline',
        'uninstalled',
      ]);
      expect(res.json.errors).toEqual([{ uidd: a, code: 'status_unavailable', error: 'Status unavailable' }]);
    } finally {
      cams.status.statuses = original;
    }
  });
});

describeEachDb('login result organisations[].cameras', (ctx) => {
  it('is true once the owner has an installed camera', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const login = () =>
      t.call({ method: 'POST', url: '/login', payload: { email: u.email, password: u.password } });
    expect((await login()).json.organisations[0].cameras).toBe(false);
    await insertCamera(t, u.uid, { uninstalled: true });
    expect((await login()).json.organisations[0].cameras).toBe(false);
    await insertCamera(t, u.uid);
    expect((await login()).json.organisations[0].cameras).toBe(true);
  });
});
