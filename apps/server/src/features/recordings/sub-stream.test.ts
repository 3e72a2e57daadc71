import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Uidd } from '@vigil/contracts';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { syntheticRecording } from './testing.ts';

/**
 * A camera that records its sub stream (nvrmode SD, decision 0701) plays it (decision 0706): asked for no stream,
 * sessions are the runs of both streams, and a range plays from the main stream where it has any, else from the
 * sub stream. Asked for a stream, exactly that one. A range across a switch plays both parts (decision 0716): the
 * playlist has both streams' files after a discontinuity, the clip is one picture size.
 */
const exec = promisify(execFile);
/** ffprobe's answer for a file or an address, one value a line. */
const ffprobe = async (args: string[]) => (await exec('ffprobe', ['-v', 'error', ...args])).stdout.trim();
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-sub-stream-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describeEachDb(
  'playing the recorded sub stream',
  (ctx) => {
    it('lists and plays the sub stream where that is what was recorded', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const cam = (await insertCamera(t, u.uid)) as Uidd;
      const now = Math.floor(t.clock.now() / 1000) * 1000;
      // Main stream 4 s, then (switched to SD) the sub stream 4 s, 20 s later.
      await syntheticRecording(t.db.db, dataDir, cam, { endMs: now - 100_000 });
      await syntheticRecording(t.db.db, dataDir, cam, { endMs: now - 76_000, stream: 'sd' });
      const get = (url: string) => t.call({ method: 'GET', url, token: u.token });
      const window = `uidd=${cam}&startAfter=${now - 200_000}&startBefore=${now}`;
      expect((await get(`/sessions?${window}`)).json.cameras).toEqual([
        {
          uidd: cam,
          sessions: [
            [now - 104_000, now - 100_000],
            [now - 80_000, now - 76_000],
          ],
        },
      ]);
      expect((await get(`/sessions?${window}&stream=sd`)).json.cameras[0].sessions).toEqual([
        [now - 80_000, now - 76_000],
      ]);

      const [owner, device] = cam.split('.');
      const sd = `/hls/${owner}/${device}/${(now - 80_000) / 1000}/${(now - 76_000) / 1000}/index.m3u8`;
      const played = await t.app.inject({
        method: 'GET',
        url: sd,
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(played.statusCode).toBe(200);
      // The playlist names the sub stream's init and files only.
      const files = played.body
        .split('\n')
        .filter((l) => l.startsWith('#EXT-X-MAP') || (l && !l.startsWith('#')));
      expect(files.length).toBeGreaterThan(1);
      expect(files.filter((l) => !l.includes('/sd/') || l.includes('/main/'))).toEqual([]);
      expect((await get(`${sd}?stream=main`)).status).toBe(404);
      const mp4 = await t.call({
        method: 'GET',
        url: `/video/mp4/${owner}/${device}/${(now - 80_000) / 1000}/${(now - 76_000) / 1000}`,
        token: u.token,
      });
      expect([mp4.status, mp4.headers['content-type']]).toEqual([200, 'video/mp4']);
    });

    it('plays a range across the switch from main to sub stream: both parts, as HLS and as one clip', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const cam = (await insertCamera(t, u.uid, { size: [640, 360] })) as Uidd;
      const now = Math.floor(t.clock.now() / 1000) * 1000;
      // 4 s of the main stream at 640x360, then (switched to SD) 4 s of the sub stream at 320x180, back to back.
      await syntheticRecording(t.db.db, dataDir, cam, { endMs: now - 104_000, size: '640x360' });
      await syntheticRecording(t.db.db, dataDir, cam, {
        endMs: now - 100_000,
        stream: 'sd',
        size: '320x180',
      });
      const [owner, device] = cam.split('.');
      const range = `${owner}/${device}/${(now - 108_000) / 1000}/${(now - 100_000) / 1000}`;
      const auth = { authorization: `Bearer ${u.token}` };

      const played = await t.app.inject({ method: 'GET', url: `/hls/${range}/index.m3u8`, headers: auth });
      expect(played.statusCode).toBe(200);
      const tags = played.body
        .split('\n')
        .filter((l) => /^#EXT-X-(MAP|DISCONTINUITY)/.test(l) || (l && !l.startsWith('#')))
        .map((l) =>
          l.startsWith('#EXT-X-MAP')
            ? `map ${/\/(main|sd)\//.exec(l)?.[1]}`
            : l.startsWith('#')
              ? 'discontinuity'
              : /\/(main|sd)\//.exec(l)?.[1],
        );
      expect(tags).toEqual(['map main', 'main', 'discontinuity', 'map sd', 'sd']);
      // As a player fetches them: each part's init and file through the address the playlist gives (its grant),
      // probed together. (ffmpeg's own HLS reader is no oracle here: it drops a frame where timestamps restart.)
      const base = `/hls/${range}/`;
      const fetched = async (line: string) => {
        const uri = line.startsWith('#') ? (/URI="([^"]+)"/.exec(line)?.[1] as string) : line;
        const res = await t.app.inject({ method: 'GET', url: `${base}${uri}` });
        expect(res.statusCode).toBe(200);
        return res.rawPayload;
      };
      const lines = played.body
        .split('\n')
        .filter((l) => l.startsWith('#EXT-X-MAP') || (l && !l.startsWith('#')));
      const parts: string[] = [];
      for (let i = 0; i < lines.length; i += 2) {
        const part = join(dataDir, `part-${now}-${i}.mp4`);
        writeFileSync(
          part,
          Buffer.concat([await fetched(lines[i] as string), await fetched(lines[i + 1] as string)]),
        );
        parts.push(
          await ffprobe([
            '-count_frames',
            '-select_streams',
            'v:0',
            '-show_entries',
            'stream=width,height,nb_read_frames',
            '-of',
            'csv=p=0',
            part,
          ]),
        );
      }
      // 4 s of each at 10 frames per second, each at its own size.
      expect(parts).toEqual(['640,360,40', '320,180,40']);

      const clip = await t.app.inject({ method: 'GET', url: `/video/mp4/${range}`, headers: auth });
      expect(clip.statusCode).toBe(200);
      const file = join(dataDir, `across-${now}.mp4`);
      writeFileSync(file, clip.rawPayload);
      const probed = await ffprobe([
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height,nb_read_frames:format=duration',
        '-of',
        'csv=p=0',
        file,
      ]);
      const [size, duration] = probed.split('\n');
      // One size (the main stream's: the sub stream's part scaled up), every frame of both parts, 8 s.
      expect(size).toBe('640,360,80');
      expect(Number(duration)).toBeCloseTo(8, 1);
    }, 60_000);
  },
  { DATA_DIR: dataDir },
);
