import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { addMember } from '../../testing/members.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';

/**
 * PTZ configuration and presets (decision 0705) with the real ONVIF client against the simulator's PTZ camera,
 * which keeps its presets itself: saved where the camera points, gone to, removed. Loaded by path at run time, as
 * in cameras/ptz-onvif.test.ts.
 */
interface Sim {
  cameras: { urls: { main: string }; onvif?: { port: number; username: string; password: string } }[];
  ptzPosition(i: number): { pan: number; tilt: number; zoom: number };
  stop(): Promise<void>;
}
let sim: Sim;
beforeAll(async () => {
  const mod = (await import(import.meta.resolve('@vigil/simulator'))) as {
    startSimulator(o: object): Promise<Sim>;
  };
  sim = await mod.startSimulator({
    cameras: [{ ptz: { username: 'admin', password: 'admin' }, fps: 5 }, {}],
    portRange: [20550, 20569],
  });
}, 120_000);
afterAll(() => sim?.stop());

describeEachDb('PTZ configuration and presets', (ctx) => {
  const call = (
    t: TestApp,
    who: SignedIn,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.call({ method, url, token: who.token, ...(payload ? { payload } : {}) });
  const install = async (t: TestApp, u: SignedIn, i: number): Promise<string> => {
    const cam = sim.cameras[i]!;
    const url = cam.onvif ? cam.urls.main.replace('rtsp://', 'rtsp://admin:admin@') : cam.urls.main;
    const res = await call(t, u, 'POST', '/cameras', {
      url,
      ...(cam.onvif ? { onvifPort: cam.onvif.port } : {}),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.uidd;
  };

  it('saves a preset where the camera points, goes back to it, and removes it, on the camera itself', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const uidd = await install(t, u, 0);
    const empty = await call(t, u, 'GET', `/cameras/ptz/config?uidd=${uidd}`);
    expect(empty.json).toEqual({ uidd, settings: { ptzEnabled: true, presets: [] } });

    await call(t, u, 'GET', `/sendcameratask?uid=${uidd}&action=ptz_home`);
    await call(t, u, 'GET', `/sendcameratask?uid=${uidd}&action=ptz_right`);
    const gate = sim.ptzPosition(0);
    const saved = await call(t, u, 'POST', '/cameras/ptz/presets', { uidd, name: 'Gate' });
    // The camera names its presets' tokens (preset1, preset2…: the simulator keeps counting across the runs).
    expect(saved.json).toEqual({
      uidd,
      settings: {
        ptzEnabled: true,
        presets: [{ token: expect.stringMatching(/^preset\d+$/), name: 'Gate' }],
      },
    });
    const token = saved.json.settings.presets[0].token as string;
    const again = await call(t, u, 'POST', '/cameras/ptz/presets', { uidd, name: 'gate' });
    expect([again.status, again.json.error]).toEqual([409, 'A preset is already called "gate"']);
    const bad = await call(t, u, 'POST', '/cameras/ptz/presets', { uidd, name: 'Gate <1>' });
    expect(bad.status).toBe(400);

    await call(t, u, 'GET', `/sendcameratask?uid=${uidd}&action=ptz_home`);
    expect(sim.ptzPosition(0)).toEqual({ pan: 0, tilt: 0, zoom: 0 });
    const back = await call(t, u, 'POST', '/cameras/ptz/presets/goto', { uidd, token });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(sim.ptzPosition(0)).toEqual(gate);
    expect(back.json).toEqual({ uidd, position: gate });
    const unknown = await call(t, u, 'POST', '/cameras/ptz/presets/goto', { uidd, token: 'nope' });
    expect([unknown.status, unknown.json.code]).toEqual([502, 'ptz_failed']);

    const gone = await call(t, u, 'DELETE', '/cameras/ptz/presets', { uidd, token });
    expect(gone.json.settings.presets).toEqual([]);
  });

  it('answers no presets for a camera without PTZ, and what it sends; PTZ can be turned off; the PTZ right is needed', async () => {
    const t = ctx();
    const owner = await signedInUser(t);
    const plain = await install(t, owner, 1);
    const none = await call(t, owner, 'GET', `/cameras/ptz/config?uidd=${plain}`);
    expect(none.json).toEqual({ uidd: plain, settings: { ptzEnabled: false, presets: [] } });
    // What the camera sends, as probed at install: the simulator's 1280 × 720 at 10 frames a second, no audio.
    expect((await call(t, owner, 'GET', `/cameras/stream/config?uidd=${plain}`)).json).toEqual({
      uidd: plain,
      settings: {
        width: 1280,
        height: 720,
        aspectRatio: '16:9',
        frameRate: 10,
        videoCodec: 'h264',
        audioCodec: null,
        hasSubStream: false,
        recordedStream: 'main',
      },
    });
    const refused = await call(t, owner, 'POST', '/cameras/ptz/presets', { uidd: plain, name: 'Door' });
    expect([refused.status, refused.json.code]).toEqual([400, 'ptz_unsupported']);

    const ptz = await install(t, owner, 0);
    const off = await call(t, owner, 'PATCH', '/cameras/ptz/config', {
      uidd: ptz,
      settings: { ptzEnabled: false },
    });
    expect(off.json).toEqual({ uidd: ptz, settings: { ptzEnabled: false, presets: [] } });
    const cams = await call(t, owner, 'GET', `/cameras?uidd=${ptz}`);
    expect(cams.json[0].ptzEnabled).toBe(false);
    await call(t, owner, 'PATCH', '/cameras/ptz/config', { uidd: ptz, settings: { ptzEnabled: true } });

    const readonly = await addMember(t, owner, 'readonly');
    expect((await call(t, readonly, 'GET', `/cameras/ptz/config?uidd=${ptz}`)).status).toBe(403);
    expect(
      (await call(t, readonly, 'POST', '/cameras/ptz/presets', { uidd: ptz, name: 'Door' })).status,
    ).toBe(403);
    const admin = await addMember(t, owner, 'admin');
    expect((await call(t, admin, 'GET', `/cameras/ptz/config?uidd=${ptz}`)).status).toBe(200);
  });
});
