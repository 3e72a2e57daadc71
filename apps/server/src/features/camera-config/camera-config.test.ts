import type { Uidd } from '@vigil/contracts';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { demoSession, insertCamera, recordedTasks } from '../cameras/testing.ts';
import { toRecorderCamera } from '../recording/directory-source.ts';

/** A camera of the given picture size, with or without a sub stream. */
const cameraOf = (t: TestApp, owner: string, width: number, height: number, sd: boolean) =>
  insertCamera(t, owner, { size: [width, height], sd });

describeEachDb('camera configuration (spec 001 §7)', (ctx) => {
  const put = (t: TestApp, who: SignedIn | { token: string }, url: string, payload: object, headers = {}) =>
    t.call({ method: 'PUT', url, token: who.token, payload, headers });
  const camera = async (t: TestApp, who: SignedIn, uidd: string) =>
    (await t.call({ method: 'GET', url: `/cameras?uidd=${uidd}`, token: who.token })).json[0];

  it('turns cloud recording off and on by either path; the recorder is told and stops recording', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const [owner, device] = cam.split('.');
    const off = await put(t, u, `/simple/${owner}/${device}/config/cloudrecordingenabled`, {
      token: u.token,
      cloudRecordingEnabled: false,
    });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({
      uidd: cam,
      settings: {
        cloudRecordingEnabled: false,
        mode: 'continuous',
        nvrmode: null,
        recordedStream: 'main',
        recordingResolution: '2MP',
      },
    });
    expect((await camera(t, u, cam)).cloudRecordingEnabled).toBe(false);
    expect(recordedTasks(t).changes.at(-1)).toEqual({ uidd: cam, kind: 'updated' });
    const dir = await t.app.services.cameras.directory.get(cam);
    expect(toRecorderCamera(dir!).recording).toBe('off');
    const on = await put(t, u, '/cameras/config/cloudrecordingenabled', {
      uidd: cam,
      cloudRecordingEnabled: true,
    });
    expect(on.json.settings.cloudRecordingEnabled).toBe(true);
    expect(toRecorderCamera((await t.app.services.cameras.directory.get(cam))!).recording).toBe('continuous');
  });

  it('switches continuous and on motion by either path: the same switch as rom', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const [owner, device] = cam.split('.');
    const rom = await put(t, u, `/camera/${owner}/${device}/config/recordingmode`, { mode: 'rom' });
    expect(rom.json.settings.mode).toBe('rom');
    expect(await camera(t, u, cam)).toMatchObject({ romEnabled: true, recordingMode: 'rom' });
    const motion = await t.call({ method: 'GET', url: `/cameras/motion/config?uidd=${cam}`, token: u.token });
    expect(motion.json.settings.rom).toBe(true);
    await put(t, u, '/cameras/config/recordingmode', { uidd: cam, mode: 'continuous' });
    expect(await camera(t, u, cam)).toMatchObject({ romEnabled: false, recordingMode: 'continuous' });
    expect((await put(t, u, '/cameras/config/recordingmode', { uidd: cam, mode: 'sometimes' })).status).toBe(
      400,
    );
  });

  it('records the stream that fits the nvrmode, says so when none fits, and never claims a conversion', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const hd = await cameraOf(t, u.uid, 1920, 1080, true);
    const [owner, device] = hd.split('.');
    const v2 = { 'api-version': '2.0.0' };
    const sd = await put(t, u, `/simple/${owner}/${device}/config/nvrmode`, { nvrmode: 1 }, v2);
    expect(sd.status).toBe(200);
    expect(sd.json.settings).toMatchObject({ nvrmode: 1, recordedStream: 'sd', recordingResolution: 'SD' });
    expect((await camera(t, u, hd)).recordingResolution).toBe('SD');
    expect(toRecorderCamera((await t.app.services.cameras.directory.get(hd))!).recordStream).toBe('sd');
    const config = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${hd}&action=getconfig`,
      token: u.token,
    });
    expect(config.json.data).toMatchObject({ nvrmode: 1, recordedStream: 'sd', recordingResolution: 'SD' });
    const twoMp = await put(t, u, '/cameras/config/nvrmode', { uidd: hd, nvrmode: 0 });
    expect(twoMp.json.settings).toMatchObject({
      nvrmode: 0,
      recordedStream: 'main',
      recordingResolution: '2MP',
    });
    // 4MP chosen on a 2MP camera: its main stream, still 2MP.
    const fourMp = await put(t, u, '/cameras/config/nvrmode', { uidd: hd, nvrmode: 3 });
    expect(fourMp.json.settings).toMatchObject({
      nvrmode: 3,
      recordedStream: 'main',
      recordingResolution: '2MP',
    });
    // A 4MP camera without a sub stream offers nothing at or below 2MP.
    const big = await cameraOf(t, u.uid, 2560, 1440, false);
    const none = await put(t, u, '/cameras/config/nvrmode', { uidd: big, nvrmode: 0 });
    expect(none.status).toBe(409);
    expect(none.json.code).toBe('resolution_unavailable');
    expect(none.json.err).toBe(
      'This camera offers no stream at or below 2MP: it sends 4MP only, and Vigil records what the camera sends without converting it. Choose 4MP or above.',
    );
    expect((await camera(t, u, big)).recordingResolution).toBe('2MP');
    expect((await put(t, u, '/cameras/config/nvrmode', { uidd: big, nvrmode: 5 })).status).toBe(400);
    const other = await put(
      t,
      u,
      `/simple/${owner}/${device}/config/nvrmode`,
      { nvrmode: 1 },
      { 'api-version': '1.0.0' },
    );
    expect(other.status).toBe(400);
  });

  it('reads the licences of the default plan; refuses cloud recording past its count and 8MP past its plan', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cams: Uidd[] = [];
    for (let i = 0; i < 17; i++) cams.push(await insertCamera(t, u.uid));
    const first = cams[0]!;
    await put(t, u, '/cameras/config/cloudrecordingenabled', { uidd: first, cloudRecordingEnabled: false });
    const lic = await t.call({ method: 'GET', url: `/account/${u.uid}/licenses`, token: u.token });
    expect(lic.json).toEqual({
      accountId: u.uid,
      plan: 'default-u',
      cloudCameras: 16,
      cloudCamerasUsed: 16,
      storageDays: 30,
      maxResolution: '4MP',
      analytics: ['objects'],
    });
    const refused = await put(t, u, '/cameras/config/cloudrecordingenabled', {
      uidd: first,
      cloudRecordingEnabled: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: 'licence_limit_reached',
      error: 'Licence limit reached: your plan records 16 cameras to the cloud. Upgrade to add more.',
      err: 'Licence limit reached: your plan records 16 cameras to the cloud. Upgrade to add more.',
    });
    expect((await camera(t, u, first)).cloudRecordingEnabled).toBe(false);
    // Turning one off frees a place; turning an already-on camera on again costs nothing.
    await put(t, u, '/cameras/config/cloudrecordingenabled', { uidd: cams[1], cloudRecordingEnabled: false });
    expect(
      (await put(t, u, '/cameras/config/cloudrecordingenabled', { uidd: first, cloudRecordingEnabled: true }))
        .status,
    ).toBe(200);
    expect(
      (await put(t, u, '/cameras/config/cloudrecordingenabled', { uidd: first, cloudRecordingEnabled: true }))
        .status,
    ).toBe(200);
    // Installing a 17th camera, which would record at once, is refused before the camera is even asked.
    const install = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { url: 'rtsp://198.51.100.9:554/live', name: 'One too many' },
    });
    expect(install.status).toBe(403);
    expect(install.json.code).toBe('licence_limit_reached');
    const uhd = await cameraOf(t, u.uid, 3840, 2160, false);
    const eight = await put(t, u, '/cameras/config/nvrmode', { uidd: uhd, nvrmode: 2 });
    expect(eight.status).toBe(403);
    expect(eight.json.code).toBe('licence_plan_limited');
    expect(eight.json.err).toBe('Your plan records up to 4MP; upgrade to record at 8MP.');
    const stranger = await signedInUser(t);
    expect(
      (await t.call({ method: 'GET', url: `/account/${u.uid}/licenses`, token: stranger.token })).status,
    ).toBe(404);
  });

  it('switches analytics with a scheme within the plan’s add-ons', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = await insertCamera(t, u.uid);
    const on = await put(t, u, '/cameras/config/analytics', { uidd: cam, enabled: true, scheme: 'objects' });
    expect(on.json).toEqual({ uidd: cam, settings: { enabled: true, scheme: 'objects' } });
    expect((await camera(t, u, cam)).analyticsScheme).toBe('objects');
    const lpr = await put(t, u, '/cameras/config/analytics', {
      uidd: cam,
      enabled: true,
      scheme: 'vehicles',
    });
    expect(lpr.status).toBe(403);
    expect(lpr.json.code).toBe('licence_feature_limited');
    expect(lpr.json.err).toBe('Your plan does not include vehicles analytics. Upgrade to add it.');
    const patched = await t.call({
      method: 'PATCH',
      url: '/cameras/analytics/config',
      token: u.token,
      payload: { uidd: cam, settings: { enabled: false } },
    });
    expect(patched.json.settings).toEqual({ enabled: false, scheme: 'objects' });
    const got = await t.call({ method: 'GET', url: `/cameras/analytics/config?uidd=${cam}`, token: u.token });
    expect(got.json.settings.enabled).toBe(false);
    const unknown = await t.call({
      method: 'GET',
      url: `/cameras/teleport/config?uidd=${cam}`,
      token: u.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('not_found');
  });

  it('lets each permission level change what its level allows; the demo is restricted', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const cam = await insertCamera(t, owner.uid);
    const expected: Record<string, number> = {
      coowner: 200,
      admin: 200,
      readonly: 403,
      viewonly: 403,
      liveonly: 403,
      none: 404,
    };
    for (const [level, status] of Object.entries(expected)) {
      const m = await addMember(t, owner, level);
      const res = await put(t, m, '/cameras/config/recordingmode', { uidd: cam, mode: 'rom' });
      expect(`${level} ${res.status}`).toBe(`${level} ${status}`);
      const read = await t.call({
        method: 'GET',
        url: `/cameras/recording/config?uidd=${cam}`,
        token: m.token,
      });
      expect(`${level} ${read.status}`).toBe(`${level} ${level === 'none' ? 404 : 200}`);
    }
    const demo = await demoSession(t);
    const demoCam = await insertCamera(t, demo.uid);
    const res = await put(t, demo, '/cameras/config/cloudrecordingenabled', {
      uidd: demoCam,
      cloudRecordingEnabled: false,
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('demo_restricted');
  });
});
