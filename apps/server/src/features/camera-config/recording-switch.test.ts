import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { recorderFixture } from '../../testing/recorder-fixture.ts';
import { mediaGrant, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import type { Recording } from '../recording/recording.ts';
import { openLive, until } from '../recording/testing.ts';

/**
 * The configuration calls against the real recorder, a simulated camera with a sub stream, real ffmpeg: cloud
 * recording off stops the files growing within 2 s while live goes on, on resumes within 5 s; nvrmode SD records
 * the 640x360 sub stream (ffprobe of a recorded segment).
 */
// Segments of 1 s, indexed at once: the SD check waits for the first recorded one.
const rec = recorderFixture('config', { tuning: { segmentTargetMs: 1000, indexDelayMs: 0 } });
const sim = rec.simulator({ cameras: [{ gopSec: 1, fps: 10, sd: true }], portRange: [18705, 18719] });

/** Bytes under a directory, recursively (0 when it does not exist yet). */
function bytesUnder(dir: string): number {
  let n = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = join(dir, e);
    const s = statSync(p);
    n += s.isDirectory() ? bytesUnder(p) : s.size;
  }
  return n;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDb(
  'camera configuration with the real recorder',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let uidd: string;
    let dataDir: string;
    const streamDir = (stream: 'main' | 'sd') => join(dataDir, 'recordings', uidd, stream);
    const put = (url: string, payload: object) => t.call({ method: 'PUT', url, token: owner.token, payload });

    beforeAll(async () => {
      t = ctx();
      dataDir = t.config.DATA_DIR;
      owner = await signedInUser(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const cam = sim().cameras[0]!;
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: { url: cam.urls.main, sdUrl: cam.urls.sd, name: 'Yard' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      uidd = res.json.uidd;
      await until(() => bytesUnder(streamDir('main')) > 0, 20_000);
    });

    it('stops writing within 2 s of cloud recording off, keeps live, and resumes within 5 s of on', async () => {
      const off = await put('/cameras/config/cloudrecordingenabled', { uidd, cloudRecordingEnabled: false });
      expect(off.status).toBe(200);
      const offAt = Date.now();
      const recorder = (t.app.services.recording as Recording).recorder!;
      await until(() => recorder.status(uidd as never)?.streams.main.recording === false, 2000, 50);
      await pause(Math.max(0, offAt + 2000 - Date.now()));
      const stopped = bytesUnder(streamDir('main'));
      // Live still works while nothing is recorded.
      const base = (t.app.server.address() as { port: number }).port;
      const grant = await mediaGrant(t, owner.token, uidd);
      const v = openLive(`ws://127.0.0.1:${base}/live/${uidd}/main?token=${grant}`);
      expect(await v.opened).toBe(101);
      await v.binariesAt(3, 10_000);
      v.close();
      expect(bytesUnder(streamDir('main'))).toBe(stopped);
      const on = await put('/cameras/config/cloudrecordingenabled', { uidd, cloudRecordingEnabled: true });
      expect(on.status).toBe(200);
      await until(() => bytesUnder(streamDir('main')) > stopped, 5000, 100);
    }, 30_000);

    it('records the sub stream for nvrmode SD: a recorded segment is 640x360', async () => {
      const sd = await put('/cameras/config/nvrmode', { uidd, nvrmode: 1 });
      expect(sd.json.settings).toMatchObject({ recordedStream: 'sd', recordingResolution: 'SD' });
      const row = await until(
        () =>
          t.db.db
            .selectFrom('segments')
            .select(['path', 'init_path'])
            .where('camera_uidd', '=', uidd)
            .where('stream', '=', 'sd')
            .executeTakeFirst(),
        20_000,
      );
      const root = join(dataDir, 'recordings');
      const sample = join(dataDir, 'sample.mp4');
      writeFileSync(
        sample,
        Buffer.concat([readFileSync(join(root, row.init_path)), readFileSync(join(root, row.path))]),
      );
      const { stdout } = await promisify(execFile)('ffprobe', [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height',
        '-of',
        'csv=p=0',
        sample,
      ]);
      expect(stdout.trim()).toBe('640,360');
    }, 30_000);
  },
  rec.env,
  // One database after the other: "within 2 s" and "within 5 s" are the subject, and two recorders at once on a
  // busy machine missed them (decision 0864).
  rec.options,
);
