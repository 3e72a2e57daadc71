import { TEST_DB_KINDS } from '@vigil/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { FfprobeCameraProbe } from './probe.ts';
import { signedInUser } from './testing.ts';

/**
 * Probing real RTSP cameras: the camera simulator (@vigil/simulator, GStreamer's RTSP server), loaded at run
 * time.
 */
interface Sim {
  cameras: { port: number; urls: { main: string; sd?: string } }[];
  stopCamera(i: number): Promise<void>;
  stop(): Promise<void>;
}
const SIMULATOR = import.meta.resolve('@vigil/simulator');
async function startSimulator(options: object): Promise<Sim> {
  const mod = (await import(SIMULATOR)) as { startSimulator(o: object): Promise<Sim> };
  return mod.startSimulator(options);
}

let sim: Sim;
beforeAll(async () => {
  sim = await startSimulator({
    cameras: [{ sd: true, audio: true }, { codec: 'h265' }, {}, { resolution: '1080p' }],
    portRange: [18700, 18799],
  });
  // Camera 2 goes off the network: its port is then closed, as a camera that is switched off.
  await sim.stopCamera(2);
}, 120_000);
afterAll(() => sim?.stop());

describe('FfprobeCameraProbe against simulated cameras', () => {
  const probe = new FfprobeCameraProbe({ ffprobePath: 'ffprobe', timeoutMs: 5000 });
  const target = (url: string) => ({ url, hasCredentials: false, secrets: [] });

  it('accepts an H.264 camera with its size, frame rate and audio, and an H.265 camera', async () => {
    expect(await probe.probe(target(sim.cameras[0]!.urls.main))).toEqual({
      ok: true,
      info: { videoCodec: 'h264', width: 1280, height: 720, frameRate: 10, audioCodec: 'aac' },
    });
    expect(await probe.probe(target(sim.cameras[0]!.urls.sd!))).toMatchObject({
      ok: true,
      info: { videoCodec: 'h264', width: 640, height: 360 },
    });
    expect(await probe.probe(target(sim.cameras[1]!.urls.main))).toMatchObject({
      ok: true,
      info: { videoCodec: 'h265', width: 1280, height: 720 },
    });
  });

  it('reports a camera that is off (closed port) as unreachable, and a wrong path as unreachable', async () => {
    expect(await probe.probe(target(sim.cameras[2]!.urls.main))).toMatchObject({
      ok: false,
      kind: 'unreachable',
    });
    const wrongPath = sim.cameras[0]!.urls.main.replace(/\/main$/, '/nothing-here');
    expect(await probe.probe(target(wrongPath))).toEqual({
      ok: false,
      kind: 'unreachable',
      detail: 'the camera has no stream at this path',
    });
  });
});

describe.each(TEST_DB_KINDS)('POST /cameras with simulated cameras [%s]', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('adds a reachable camera with its SD stream, codec detected', async () => {
    const u = await signedInUser(t);
    const [cam] = sim.cameras;
    const res = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { url: cam!.urls.main, sdUrl: cam!.urls.sd, name: 'Simulated' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Simulated',
      videoCodec: 'h264',
      audioEnabled: true,
      hasSdStream: true,
      recordingResolution: '1MP',
      video: { width: 1280, height: 720 },
      streams: { main: cam!.urls.main.replace('/main', '/main'), hasCredentials: false },
    });
    const h265 = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { url: sim.cameras[1]!.urls.main },
    });
    expect(h265.json.videoCodec).toBe('h265');
  });

  it('names the recording resolution from the probed size: 360p SD, 720p 1MP, 1080p 2MP (issue 13)', async () => {
    const u = await signedInUser(t);
    const install = async (url: string) => {
      const res = await t.call({ method: 'POST', url: '/cameras', token: u.token, payload: { url } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return [res.json.video.width, res.json.video.height, res.json.recordingResolution];
    };
    // The SD mount (640x360) installed as a camera of its own.
    expect(await install(sim.cameras[0]!.urls.sd!)).toEqual([640, 360, 'SD']);
    expect(await install(sim.cameras[0]!.urls.main)).toEqual([1280, 720, '1MP']);
    expect(await install(sim.cameras[3]!.urls.main)).toEqual([1920, 1080, '2MP']);
  });

  it('answers install_unreachable for the wrong port', async () => {
    const u = await signedInUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/cameras',
      token: u.token,
      payload: { url: sim.cameras[2]!.urls.main },
    });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      code: 'install_unreachable',
      error: 'The camera cannot be reached: the camera refused the connection: check the address and port',
    });
  });
});
