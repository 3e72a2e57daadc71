import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Uidd } from '@vigil/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../testing/harness.ts';
import { recorderFixture } from '../../testing/recorder-fixture.ts';
import { mediaGrant, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import type { Recording } from './recording.ts';
import { openLive, until } from './testing.ts';

/**
 * The live H.264 fallback (decision 0461) of a real simulated H.265 camera (720p, no SD substream), through the
 * server's live WebSocket: what comes out is H.264 by ffprobe's word, scaled to 640 wide; one ffmpeg serves every
 * viewer, starts with the first and is gone (the process really exited) shortly after the last leaves.
 */
const LINGER_MS = 500;
const rec = recorderFixture('live-h264', { tuning: { transcodeLingerMs: LINGER_MS } });
const sim = rec.simulator(
  { cameras: [{ codec: 'h265', fps: 10, gopSec: 2 }], portRange: [18901, 18949] },
  180_000,
);

/** ffprobe on the bytes a viewer got (init segment and fragments): codec, profile and size. */
const probe = (mp4: Buffer): string =>
  execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', '-i', 'pipe:0'],
    { input: mp4 },
  )
    .toString()
    .trim();

/** Whether a process of this id still exists (signal 0 only asks). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describeEachDb(
  'live H.264 fallback of an H.265 camera',
  (ctx) => {
    let t: TestApp;
    let owner: SignedIn;
    let base: string;
    let uidd: Uidd;
    const transcode = () => (t.app.services.recording as Recording).recorder?.liveTranscode(uidd);

    beforeAll(async () => {
      t = ctx();
      owner = await signedInUser(t);
      base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
      const res = await t.call({
        method: 'POST',
        url: '/cameras',
        token: owner.token,
        payload: { url: sim().cameras[0]!.urls.main, name: 'Yard' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      uidd = res.json.uidd;
      await until(
        async () =>
          (await t.call({ method: 'GET', url: `/cameras/status?uidd[]=${uidd}`, token: owner.token })).json
            .result.devices[0].status === 'online',
      );
    });

    it('sends the camera’s own H.265 unless asked', async () => {
      const v = openLive(`${base}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}`);
      expect(await v.opened).toBe(101);
      await v.binariesAt(2);
      expect(JSON.parse(v.texts[0]!)).toEqual({ type: 'init', mimeType: expect.stringMatching(/hev1|hvc1/) });
      v.close();
      await v.closed;
      expect(transcode()).toBeUndefined();
    });

    it('converts to H.264 while watched: one ffmpeg for every viewer, gone after the last leaves', async () => {
      const first = openLive(
        `${base}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}&video=h264`,
      );
      expect(await first.opened).toBe(101);
      await first.binariesAt(12, 20_000);
      const init = JSON.parse(first.texts[0]!);
      expect(init).toEqual({
        type: 'init',
        mimeType: expect.stringMatching(/^video\/mp4; codecs="avc1\.[0-9a-f]{6}"$/),
        converted: true,
      });
      // ffprobe's word on the bytes received: H.264, the 1280×720 camera scaled to 640 wide.
      expect(probe(Buffer.concat(first.binaries))).toBe('h264,640,360');

      const running = transcode();
      expect(running?.running).toBe(true);
      const pid = running?.pid as number;
      expect(readFileSync(`/proc/${pid}/cmdline`, 'latin1')).toContain('libx264');

      // A second viewer shares it, and starts at once from its prebuffer (init, then the GOP so far).
      const second = openLive(
        `${base}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}&video=h264`,
      );
      expect(await second.opened).toBe(101);
      await second.binariesAt(2);
      expect(transcode()).toMatchObject({ pid, starts: 1 });
      expect(probe(Buffer.concat(second.binaries))).toBe('h264,640,360');

      first.close();
      await first.closed;
      // One viewer left: the other keeps getting frames for longer than the linger (1 s at 10 fps), from the same one.
      await second.binariesAt(second.binaries.length + 10);
      expect(alive(pid)).toBe(true);
      expect(transcode()?.pid).toBe(pid);
      second.close();
      await second.closed;
      await until(() => !alive(pid), 10_000, 50);
      expect(existsSync(`/proc/${pid}`)).toBe(false);
      expect(transcode()).toMatchObject({ running: false, pid: undefined });
    });

    it('starts a new conversion for a viewer who comes back', async () => {
      const v = openLive(
        `${base}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}&video=h264`,
      );
      expect(await v.opened).toBe(101);
      await v.binariesAt(3, 20_000);
      expect(JSON.parse(v.texts[0]!).converted).toBe(true);
      expect(transcode()).toMatchObject({ running: true, starts: 2 });
      const pid = transcode()?.pid as number;
      v.close();
      await v.closed;
      await until(() => !alive(pid), 10_000, 50);
    });
  },
  rec.env,
  rec.options,
  { databasesAtOnce: true },
);
