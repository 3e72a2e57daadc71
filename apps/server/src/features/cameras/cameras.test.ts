import { epochMs, type Uidd } from '@vigil/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { insertCamera, recordedTasks, signedInUser, statusBoard } from './testing.ts';

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

describeEachDb('GET /sendcameratask', (ctx) => {
  it('dispatches each action to the recorder’s task interface', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid, { ptz: true });
    const actions = [
      'livecommand',
      'locallivecommand',
      'sdlivecommand',
      'thumbscommand',
      'motionthumbscommand',
      'ptz_left',
      'ptz_zoomin',
    ];
    for (const action of actions) {
      const res = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${cam}&action=${action}&caller=web`,
        token: u.token,
      });
      expect(res.status, action).toBe(200);
      expect(res.json).toMatchObject({ success: true, action, uidds: [cam] });
    }
    const tasks = recordedTasks(t).tasks.filter((x) => x.uidd === cam);
    expect(tasks.map((x) => x.intent)).toEqual([
      { kind: 'live', stream: 'main' },
      { kind: 'live', stream: 'local' },
      { kind: 'live', stream: 'sd' },
      { kind: 'thumbs', motion: false },
      { kind: 'thumbs', motion: true },
      { kind: 'ptz', direction: 'left' },
      { kind: 'ptz', direction: 'zoomin' },
    ]);
    expect(tasks[0]?.by).toBe(u.uid);

    const config = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${cam}&action=getconfig`,
      token: u.token,
    });
    expect(config.json.data).toMatchObject({
      recordingMode: 'continuous',
      motionSensitivity: 5,
      ptzEnabled: true,
    });
    expect(JSON.stringify(config.json)).not.toContain('rtsp://');

    const unknown = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${cam}&action=selfdestruct`,
      token: u.token,
    });
    expect(unknown.status).toBe(400);
    const badPtz = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${cam}&action=ptz_sideways`,
      token: u.token,
    });
    expect(badPtz.status).toBe(400);
  });

  it('refuses PTZ for a camera without it, with a clear error', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const res = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${cam}&action=ptz_up`,
      token: u.token,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'ptz_unsupported',
      error: 'This camera does not support pan, tilt and zoom',
    });
  });

  it('uninstall marks the camera uninstalled at once, so status polling sees it', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    statusBoard(t).report(cam, { state: 'live' });
    const res = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${cam}&action=uninstall&caller=web`,
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(recordedTasks(t).changes).toContainEqual({ uidd: cam, kind: 'uninstalled' });
    const status = await t.call({ method: 'GET', url: `/cameras/status?uidd[]=${cam}`, token: u.token });
    expect(status.json.result.devices[0].status).toBe('uninstalled');
    const live = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${cam}&action=livecommand`,
      token: u.token,
    });
    expect(live.status).toBe(409);
    expect(live.json.code).toBe('camera_uninstalled');
    const list = await t.call({ method: 'GET', url: `/cameras?uidd=${cam}`, token: u.token });
    expect(list.json[0]).toMatchObject({ uninstalled: true, uninstalledAt: t.clock.now() });
  });

  it('uninstall_all uninstalls every camera of the owner', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const a = await insertCamera(t, u.uid);
    const b = await insertCamera(t, u.uid);
    const res = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${u.uid}&action=uninstall_all`,
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.uidds.sort()).toEqual([a, b].sort());
    const status = await t.call({
      method: 'GET',
      url: `/cameras/status?uidd[]=${a}&uidd[]=${b}`,
      token: u.token,
    });
    expect(status.json.result.devices.map((d: { status: string }) => d.status)).toEqual([
      'uninstalled',
      'uninstalled',
    ]);
  });
});

describeEachDb('GET /deldevice, PUT /phonename', (ctx) => {
  it('renames a camera', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const res = await t.call({
      method: 'PUT',
      url: `/phonename?uid=${cam}&name=${encodeURIComponent('Back yard')}&token=${u.token}`,
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.name).toBe('Back yard');
    const empty = await t.call({ method: 'PUT', url: `/phonename?uid=${cam}&name=%20`, token: u.token });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toContain('querystring.name: is required');
  });

  it('deletes a camera with its tags and viewer settings', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    await t.call({
      method: 'PUT',
      url: '/cameras/tags',
      token: u.token,
      payload: { uidd: [cam], changes: [{ uidd: cam, tags: ['x'] }] },
    });
    await t.call({
      method: 'PATCH',
      url: `/viewer/${u.uid}/settings`,
      token: u.token,
      payload: { uidd: cam, settings: { zoom: 2 } },
    });
    const res = await t.call({ method: 'GET', url: `/deldevice?uid=${cam}`, token: u.token });
    expect(res.json).toEqual({ success: true, uidd: cam });
    expect(recordedTasks(t).changes).toContainEqual({ uidd: cam, kind: 'deleted' });
    expect((await t.call({ method: 'GET', url: '/cameras', token: u.token })).json).toEqual([]);
    expect(await t.db.db.selectFrom('camera_tags').selectAll().where('uidd', '=', cam).execute()).toEqual([]);
    expect(await t.db.db.selectFrom('viewer_settings').selectAll().where('uidd', '=', cam).execute()).toEqual(
      [],
    );
    expect((await t.call({ method: 'GET', url: `/deldevice?uid=${cam}`, token: u.token })).status).toBe(404);
  });
});

describeEachDb('GET/PUT /cameras/tags', (ctx) => {
  it('replaces tags per camera, keeps order, and lists every tag', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const a = await insertCamera(t, u.uid);
    const b = await insertCamera(t, u.uid);
    const put = await t.call({
      method: 'PUT',
      url: '/cameras/tags',
      token: u.token,
      payload: {
        uidd: [a, b],
        changes: [
          { uidd: a, tags: ['outdoor', ' gate ', 'outdoor'] },
          { uidd: b, tags: ['indoor'] },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({
      cameras: [
        { uidd: a, tags: ['outdoor', 'gate'] },
        { uidd: b, tags: ['indoor'] },
      ],
      tags: ['gate', 'indoor', 'outdoor'],
    });
    // A camera listed without a change keeps its tags.
    await t.call({
      method: 'PUT',
      url: '/cameras/tags',
      token: u.token,
      payload: { uidd: [a, b], changes: [{ uidd: b, tags: [] }] },
    });
    const get = await t.call({ method: 'GET', url: `/cameras/tags?uidd=${a},${b}`, token: u.token });
    expect(get.json.cameras).toEqual([
      { uidd: a, tags: ['outdoor', 'gate'] },
      { uidd: b, tags: [] },
    ]);
    const all = await t.call({ method: 'GET', url: '/cameras/tags', token: u.token });
    expect(all.json.tags).toEqual(['gate', 'outdoor']);
    const listed = await t.call({ method: 'GET', url: `/cameras?uidd=${a}`, token: u.token });
    expect(listed.json[0].tags).toEqual(['outdoor', 'gate']);

    const notListed = await t.call({
      method: 'PUT',
      url: '/cameras/tags',
      token: u.token,
      payload: { uidd: [a], changes: [{ uidd: b, tags: ['x'] }] },
    });
    expect(notListed.status).toBe(400);
    expect(notListed.json.error).toContain('body.changes.0.uidd: must also be listed in uidd');
  });
});

describeEachDb('viewer settings', (ctx) => {
  it('stores settings per user and camera, merges patches, answers batches', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cams: Uidd[] = [];
    for (let i = 0; i < 3; i++) cams.push(await insertCamera(t, u.uid));
    const [a, b, c] = cams as [Uidd, Uidd, Uidd];
    const empty = await t.call({ method: 'GET', url: `/viewer/${u.uid}/${a}/settings`, token: u.token });
    expect(empty.json).toEqual({ uidd: a, settings: {} });

    const p1 = await t.call({
      method: 'PATCH',
      url: `/viewer/${u.uid}/settings`,
      token: u.token,
      payload: { uidd: a, settings: { zoom: 2, dewarp: 'quad' } },
    });
    expect(p1.json.result).toEqual([{ uidd: a, settings: { zoom: 2, dewarp: 'quad' } }]);
    await t.call({
      method: 'PATCH',
      url: `/viewer/${u.uid}/settings`,
      token: u.token,
      payload: { uidd: [a, b], settings: { muted: true, dewarp: null } },
    });

    const byDevice = await t.call({
      method: 'GET',
      url: `/viewer/${u.uid}/${a.split('.')[1]}/settings`,
      token: u.token,
    });
    expect(byDevice.json).toEqual({ uidd: a, settings: { zoom: 2, muted: true } });
    const batch = await t.call({
      method: 'GET',
      url: `/viewer/${u.uid}/settings?uidd=${[a, b, c].join(',')}`,
      token: u.token,
    });
    expect(batch.json).toEqual({
      result: [
        { uidd: a, settings: { zoom: 2, muted: true } },
        { uidd: b, settings: { muted: true } },
        { uidd: c, settings: {} },
      ],
      errors: [],
    });
    const tooBig = await t.call({
      method: 'PATCH',
      url: `/viewer/${u.uid}/settings`,
      token: u.token,
      payload: { uidd: a, settings: { x: 'y'.repeat(20_000) } },
    });
    expect(tooBig.status).toBe(400);
  });

  it('accepts a batch of uidds as long as the client’s 1200-character batches', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const { groupRequestBatches } = await import('@vigil/contracts');
    const mine = await insertCamera(t, u.uid);
    // Unknown cameras pad the query to the batching limit; they come back in errors, not as failures.
    const padding = Array.from({ length: 60 }, (_, i) => `${u.uid}.pad${i}` as Uidd);
    const [batch] = groupRequestBatches([mine, ...padding]);
    expect(batch!.join(',').length).toBeGreaterThan(1000);
    const res = await t.call({
      method: 'GET',
      url: `/viewer/${u.uid}/settings?uidd=${batch!.join(',')}`,
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual([{ uidd: mine, settings: {} }]);
    expect(res.json.errors).toHaveLength(batch!.length - 1);
  });

  it('are the user’s own: another user id is refused', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const res = await t.call({
      method: 'PATCH',
      url: `/viewer/${other.uid}/settings`,
      token: u.token,
      payload: { uidd: cam, settings: { a: 1 } },
    });
    expect(res.status).toBe(403);
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
