import { beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { OnvifError } from './onvif/client.ts';
import { FakePtz, insertCamera, recordedTasks, signedInUser, statusBoard } from './testing.ts';

const ptz = new FakePtz();

describeEachDb(
  'GET /sendcameratask',
  (ctx) => {
    beforeEach(() => {
      ptz.moves = [];
      ptz.failure = undefined;
    });

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
      // The camera itself was moved, at its host on ONVIF's default port (no credentials stored).
      expect(ptz.moves).toEqual([
        { key: cam, target: { host: expect.stringMatching(/^198\.51\.100\./), port: 80 }, direction: 'left' },
        {
          key: cam,
          target: { host: expect.stringMatching(/^198\.51\.100\./), port: 80 },
          direction: 'zoomin',
        },
      ]);

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

    it('answers a camera’s PTZ failure in the API’s error format, never as the caller’s 401', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const cam = await insertCamera(t, u.uid, { ptz: true });
      const cases: [OnvifError, number, string][] = [
        [new OnvifError('unreachable', 'refused'), 502, 'ptz_unreachable'],
        [new OnvifError('timeout', 'silent'), 504, 'ptz_timeout'],
        [new OnvifError('unauthorised', 'refused the password'), 502, 'ptz_unauthorised'],
        [new OnvifError('unsupported', 'no PTZ profile'), 400, 'ptz_unsupported'],
        [new OnvifError('failed', 'fault'), 502, 'ptz_failed'],
      ];
      const before = recordedTasks(t).tasks.length;
      for (const [failure, status, code] of cases) {
        ptz.failure = failure;
        const res = await t.call({
          method: 'GET',
          url: `/sendcameratask?uid=${cam}&action=ptz_up`,
          token: u.token,
        });
        expect(res.status, code).toBe(status);
        expect(res.json.code).toBe(code);
        if (code !== 'ptz_unauthorised' && code !== 'ptz_timeout')
          expect(res.json.error).toContain(failure.message);
      }
      expect(recordedTasks(t).tasks.length).toBe(before);
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
  },
  {},
  () => ({ cameras: { ptz } }),
);

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
