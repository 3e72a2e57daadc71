import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { recorderFixture } from '../../testing/recorder-fixture.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { until } from '../recording/testing.ts';

/**
 * A camera's stream settings changed over ONVIF (decision 0714), end to end: the real ONVIF client sets the
 * simulated camera's encoder, the camera restarts that stream with a new ffmpeg encode, the real recorder
 * reconnects, and what it then records is read by ffprobe (960x540 at 15 frames per second, from 1280x720 at 10).
 */
const exec = promisify(execFile);
// Segments of 1 s, indexed at once: the checks wait for the first segment, and the first after a change.
const rec = recorderFixture('stream-settings', { tuning: { segmentTargetMs: 1000, indexDelayMs: 0 } });

/** ffprobe's width, height and frame rate of the first video stream of a file or an RTSP address. */
async function videoOf(input: string): Promise<string> {
  const rtsp = input.startsWith('rtsp:') ? ['-rtsp_transport', 'tcp'] : [];
  const { stdout } = await exec('ffprobe', [
    '-v',
    'error',
    ...rtsp,
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,r_frame_rate',
    '-of',
    'csv=p=0',
    input,
  ]);
  return stdout.trim();
}

describeEachDb(
  'stream settings set on the camera over ONVIF',
  (ctx) => {
    // A camera per database: the tests change its encoders.
    const simulator = rec.simulator({
      cameras: [{ onvif: { username: 'admin', password: 'secret' }, sd: true, fps: 10, gopSec: 1 }],
      portRange: [21700, 21749],
    });
    let sim: ReturnType<typeof simulator>;
    let t: TestApp;
    let owner: SignedIn;
    let uidd: string;
    let dataDir: string;
    const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
      t.call({ method, url, token: owner.token, ...(payload ? { payload } : {}) });

    /** The main-stream segments recorded so far, oldest first. */
    const segments = () =>
      t.db.db
        .selectFrom('segments')
        .select(['path', 'init_path', 'start_ms', 'end_ms'])
        .where('camera_uidd', '=', uidd)
        .where('stream', '=', 'main')
        .orderBy('start_ms')
        .execute();

    /** A segment with its init as one file, probed. */
    const probeSegment = async (row: { path: string; init_path: string }): Promise<string> => {
      const root = join(dataDir, 'recordings');
      const file = join(dataDir, `probe-${Date.now()}.mp4`);
      writeFileSync(
        file,
        Buffer.concat([readFileSync(join(root, row.init_path)), readFileSync(join(root, row.path))]),
      );
      return videoOf(file);
    };

    beforeAll(async () => {
      sim = simulator();
      t = ctx();
      dataDir = t.config.DATA_DIR;
      owner = await signedInUser(t);
      const cam = sim.cameras[0]!;
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: {
          url: cam.urls.main.replace('rtsp://', 'rtsp://admin:secret@'),
          sdUrl: cam.urls.sd!.replace('rtsp://', 'rtsp://admin:secret@'),
          onvifPort: cam.onvif!.port,
          name: 'Drive',
        },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      uidd = res.json.uidd;
      await until(async () => (await segments()).length > 0, 20_000);
    }, 60_000);

    it('reads both encoders from the camera with what they offer', async () => {
      const res = await call('GET', `/cameras/stream/encoders?uidd=${uidd}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.encoders.main).toEqual({
        width: 1280,
        height: 720,
        frameRate: 10,
        bitrateKbps: 2000,
        gopFrames: 10,
        encoding: 'H264',
        resolutions: [
          { width: 1920, height: 1080 },
          { width: 1280, height: 720 },
          { width: 960, height: 540 },
          { width: 640, height: 360 },
        ],
        frameRateRange: { min: 1, max: 30 },
        bitrateKbpsRange: { min: 64, max: 8000 },
        gopFramesRange: { min: 1, max: 300 },
      });
      expect(res.json.encoders.sd).toMatchObject({
        width: 640,
        height: 360,
        frameRate: 10,
        bitrateKbps: 500,
      });
    });

    it('refuses a size the camera does not offer, naming what it offers', async () => {
      const res = await call('PATCH', '/cameras/stream/config', {
        uidd,
        settings: { width: 1000, height: 500 },
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'stream_setting_unavailable',
        err: 'The camera offers 1920x1080, 1280x720, 960x540, 640x360, not 1000x500',
      });
      expect(sim.encoder(0, 'main')).toMatchObject({ width: 1280, height: 720 });
    });

    it('sets the main stream to 960x540 at 15 fps, and the recorder then records exactly that', async () => {
      const before = await segments();
      const res = await call('PATCH', '/cameras/stream/config', {
        uidd,
        settings: {
          stream: 'main',
          width: 960,
          height: 540,
          frameRate: 15,
          gopFrames: 15,
          bitrateKbps: 1000,
        },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.encoders.main).toMatchObject({
        width: 960,
        height: 540,
        frameRate: 15,
        gopFrames: 15,
        bitrateKbps: 1000,
      });
      // The stored main stream follows (GET /cameras/stream/config answers what was probed, then changed).
      expect(res.json.settings).toMatchObject({
        width: 960,
        height: 540,
        frameRate: 15,
        aspectRatio: '16:9',
      });
      // The camera: what it serves once its encoder restarted (an outside client, not the recorder).
      await sim.encoderSettled(0);
      expect(await videoOf(sim.cameras[0]!.urls.main)).toBe('960,540,15/1');
      // The recorder: a segment recorded after the restart.
      const known = new Set(before.map((s) => s.path));
      let changed: string | undefined;
      const first = await until(
        async () => {
          for (const s of await segments()) {
            if (known.has(s.path)) continue;
            const probed = await probeSegment(s);
            if (probed === '960,540,15/1') return s;
            known.add(s.path);
            changed = probed;
          }
          return undefined;
        },
        30_000,
        500,
      );
      expect(first).toBeDefined();
      // The footage before it is the old stream's, to its end.
      const all = await segments();
      const previous = all.filter((s) => s.start_ms < first.start_ms).at(-1)!;
      expect(await probeSegment(previous)).toBe(changed ?? '1280,720,10/1');
      console.log(
        `stream change: ${first.start_ms - previous.end_ms} ms between the old stream's last frame and the new one's first`,
      );
    }, 90_000);

    it('sets the sub stream on its own: the main stream stays as it is', async () => {
      const res = await call('PATCH', '/cameras/stream/config', {
        uidd,
        settings: { stream: 'sd', width: 320, height: 180, frameRate: 5, gopFrames: 5 },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.encoders.sd).toMatchObject({ width: 320, height: 180, frameRate: 5 });
      expect(res.json.settings).toMatchObject({ width: 960, height: 540, frameRate: 15 });
      await sim.encoderSettled(0);
      expect(await videoOf(sim.cameras[0]!.urls.sd!)).toBe('320,180,5/1');
      expect(await videoOf(sim.cameras[0]!.urls.main)).toBe('960,540,15/1');
    }, 60_000);
  },
  rec.env,
  rec.options,
  { databasesAtOnce: true },
);
