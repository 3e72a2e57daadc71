import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { syntheticRecording } from './testing.ts';

/**
 * A camera that records its sub stream (nvrmode SD, decision 0701) plays it (decision 0706): asked for no stream,
 * sessions are the runs of both streams, and a range plays from the main stream where it has any, else from the
 * sub stream. Asked for a stream, exactly that one.
 */
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
  },
  { DATA_DIR: dataDir },
);
