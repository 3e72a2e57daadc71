import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from './testing.ts';

/**
 * PTZ end to end on the server: the real ONVIF client against the simulator's PTZ camera (its own ONVIF service
 * with WS-Security, its picture a crop window that follows the position). Loaded by path at run time, as in
 * real-camera.test.ts.
 */
interface Sim {
  cameras: {
    port: number;
    urls: { main: string };
    onvif?: { port: number; username: string; password: string };
  }[];
  ptzPosition(i: number): { pan: number; tilt: number; zoom: number };
  stopCamera(i: number): Promise<void>;
  startCamera(i: number): Promise<void>;
  stop(): Promise<void>;
}
const SIMULATOR = import.meta.resolve('@vigil/simulator');

let sim: Sim;
beforeAll(async () => {
  const mod = (await import(SIMULATOR)) as { startSimulator(o: object): Promise<Sim> };
  sim = await mod.startSimulator({
    cameras: [{ ptz: { username: 'operator', password: 'pan&tilt' }, fps: 5 }, {}],
    portRange: [19200, 19239],
  });
}, 120_000);
afterAll(() => sim?.stop());

const withCredentials = (url: string, user: string, password: string): string =>
  url.replace('rtsp://', `rtsp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@`);

describeEachDb('PTZ over ONVIF with the simulator', (ctx) => {
  it('finds PTZ at install, moves the camera a step right and back home', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    const cam = sim.cameras[0]!;
    const onvif = cam.onvif!;
    const installed = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { url: withCredentials(cam.urls.main, onvif.username, onvif.password), onvifPort: onvif.port },
    });
    expect(installed.status, JSON.stringify(installed.json)).toBe(201);
    expect(installed.json.ptzEnabled).toBe(true);
    const uidd = installed.json.uidd as string;

    await t.call({ method: 'GET', url: `/sendcameratask?uid=${uidd}&action=ptz_home`, token: u.token });
    const before = sim.ptzPosition(0);
    const right = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${uidd}&action=ptz_right`,
      token: u.token,
    });
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    const after = sim.ptzPosition(0);
    // One step: 0.5 of full speed for 0.4 s (0.2 of the range), plus the time the Stop took to arrive.
    expect(after.pan - before.pan).toBeGreaterThan(0.15);
    expect(after.pan - before.pan).toBeLessThan(0.5);
    expect(after.tilt).toBe(before.tilt);
    expect(right.json.data.position.pan).toBeCloseTo(after.pan, 5);

    const up = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${uidd}&action=ptz_up`,
      token: u.token,
    });
    expect(up.json.data.position.tilt).toBeGreaterThan(0.15);
    const home = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${uidd}&action=ptz_home`,
      token: u.token,
    });
    expect(home.json.data.position).toEqual({ pan: 0, tilt: 0, zoom: 0 });
    expect(sim.ptzPosition(0)).toEqual({ pan: 0, tilt: 0, zoom: 0 });
  });

  it('answers ptz_unauthorised when the camera refuses the stored password', async () => {
    const t = ctx();
    const cam = sim.cameras[0]!;
    const payload = {
      url: withCredentials(cam.urls.main, cam.onvif!.username, 'wrong'),
      onvifPort: cam.onvif!.port,
    };
    // The simulator's RTSP asks no password; its ONVIF refused this one, so PTZ was not found.
    const detected = await signedInUser(t);
    const wrong = await t.call({ method: 'POST', url: '/cameras', token: detected.token, payload });
    expect(wrong.status).toBe(201);
    expect(wrong.json.ptzEnabled).toBe(false);
    // The user says it has PTZ (the install form's box): moves are tried, and refused by the camera.
    const u = await signedInUser(t);
    const forced = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { ...payload, ptzEnabled: true },
    });
    expect(forced.json.ptzEnabled).toBe(true);
    const before = sim.ptzPosition(0);
    const move = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${forced.json.uidd}&action=ptz_left`,
      token: u.token,
    });
    expect(move.status).toBe(502);
    expect(move.json).toEqual({
      code: 'ptz_unauthorised',
      error: 'The camera refused its stored user name and password for PTZ',
    });
    expect(sim.ptzPosition(0)).toEqual(before);
  });

  it('a camera without PTZ: not found at install, ptz_unsupported; a camera off the network: ptz_unreachable', async () => {
    const t = ctx();
    const u = await signedInUser(t);
    // Nothing answers ONVIF on port 80 of 127.0.0.1: the camera has no PTZ.
    const plain = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { url: sim.cameras[1]!.urls.main },
    });
    expect(plain.status).toBe(201);
    expect(plain.json.ptzEnabled).toBe(false);
    const refused = await t.call({
      method: 'GET',
      url: `/sendcameratask?uid=${plain.json.uidd}&action=ptz_right`,
      token: u.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('ptz_unsupported');

    const cam = sim.cameras[0]!;
    const ptz = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: {
        url: withCredentials(cam.urls.main, cam.onvif!.username, cam.onvif!.password),
        onvifPort: cam.onvif!.port,
      },
    });
    expect(ptz.json.ptzEnabled).toBe(true);
    await sim.stopCamera(0);
    try {
      const off = await t.call({
        method: 'GET',
        url: `/sendcameratask?uid=${ptz.json.uidd}&action=ptz_right`,
        token: u.token,
      });
      expect(off.status).toBe(502);
      expect(off.json.code).toBe('ptz_unreachable');
    } finally {
      await sim.startCamera(0);
    }
  });
});
