import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { recorderFixture } from '../../testing/recorder-fixture.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { until } from '../recording/testing.ts';

/**
 * A camera's sound on and off (decision 0715) with the real recorder and a simulated camera that sends AAC: the
 * clip downloaded over what was recorded after each change has an AAC track, or none (ffprobe).
 */
const exec = promisify(execFile);
// 4 s segments (the default), not shorter: each check downloads a clip over one segment's whole seconds, and on a
// busy machine a segment cut at a restart can be too short for one.
const rec = recorderFixture('audio-config');
const sim = rec.simulator({ cameras: [{ audio: true, gopSec: 1, fps: 10 }], portRange: [21750, 21769] });

describeEachDb(
  'a camera’s sound on and off',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let uidd: string;

    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: { url: sim().cameras[0]!.urls.main, name: 'Porch' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      uidd = res.json.uidd;
    });

    let lastInit = '';
    let lastStart = 0;
    /**
     * The first closed main-stream segment of a new ffmpeg run (another init: the recorder restarts the stream on a
     * change of sound), or with `lastInit` empty the first of all. Segments of the run before, closed after the
     * change, are not it.
     */
    const nextRunSegment = async () => {
      const s = await until(
        () =>
          t.db.db
            .selectFrom('segments')
            .select(['start_ms', 'end_ms', 'init_path'])
            .where('camera_uidd', '=', uidd)
            .where('stream', '=', 'main')
            .where('init_path', '!=', lastInit)
            .where('start_ms', '>', lastStart)
            .orderBy('start_ms')
            .executeTakeFirst(),
        30_000,
      );
      lastInit = s.init_path;
      lastStart = s.start_ms;
      return s;
    };

    /** The streams of the clip downloaded over one segment's time, as ffprobe reads them: "video:h264,audio:aac". */
    const clipStreams = async (s: { start_ms: number; end_ms: number }): Promise<string> => {
      const [o, d] = uidd.split('.');
      const res = await t.app.inject({
        method: 'GET',
        url: `/video/mp4/${o}/${d}/${Math.ceil(s.start_ms / 1000)}/${Math.floor(s.end_ms / 1000)}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(res.statusCode).toBe(200);
      const file = join(t.config.DATA_DIR, `clip-${s.start_ms}.mp4`);
      writeFileSync(file, res.rawPayload);
      const { stdout } = await exec('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,codec_name',
        '-of',
        'csv=p=0',
        file,
      ]);
      return stdout
        .trim()
        .split('\n')
        .map((l) => l.split(',').reverse().join(':'))
        .join(',');
    };

    it('records the sound the camera sends, drops it when turned off, and takes it again when on', async () => {
      const read = await t.call({
        method: 'GET',
        url: `/cameras/audio/config?uidd=${uidd}`,
        token: owner.token,
      });
      expect(read.json).toEqual({ uidd, settings: { audioEnabled: true, audioCodec: 'aac' } });
      expect(await clipStreams(await nextRunSegment())).toBe('video:h264,audio:aac');

      const patch = (audioEnabled: boolean) =>
        t.call({
          method: 'PATCH',
          url: '/cameras/audio/config',
          token: owner.token,
          payload: { uidd, settings: { audioEnabled } },
        });
      const off = await patch(false);
      expect(off.json).toEqual({ uidd, settings: { audioEnabled: false, audioCodec: 'aac' } });
      expect(await clipStreams(await nextRunSegment())).toBe('video:h264');

      const on = await patch(true);
      expect(on.json.settings.audioEnabled).toBe(true);
      expect(await clipStreams(await nextRunSegment())).toBe('video:h264,audio:aac');
    }, 90_000);

    it('refuses sound for a camera that sends none', async () => {
      const quiet = await insertCamera(t, owner.uid);
      const res = await t.call({
        method: 'PATCH',
        url: '/cameras/audio/config',
        token: owner.token,
        payload: { uidd: quiet, settings: { audioEnabled: true } },
      });
      expect([res.status, res.json.code, res.json.err]).toEqual([
        409,
        'audio_unavailable',
        'This camera sends no sound',
      ]);
    });
  },
  rec.env,
  rec.options,
  { databasesAtOnce: true },
);
