import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { insertCamera } from '../cameras/testing.ts';
import { syntheticRecording } from '../recordings/testing.ts';

/**
 * The app's own analyser end to end on recorded video (decision 0791): an ended event of a camera with LPR has its
 * recorded keyframes cut from the segment files (real ffmpeg) and read by the real plate recogniser's thread. The
 * recording is a test pattern: four keyframes read, no vehicle in them, nothing stored.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describeEachDb(
  'vehicle analyser on recorded keyframes',
  (ctx) => {
    it('samples an event’s keyframes from the recording and reads them off the event loop', async () => {
      const t = ctx();
      const owner = await signedInUser(t);
      const cam = (await insertCamera(t, owner.uid)) as Uidd;
      const endMs = Date.now() - 60_000;
      // 4 s of test pattern, a keyframe a second.
      const seg = await syntheticRecording(t.db.db, t.config.DATA_DIR, cam, { seconds: 4, endMs });
      const lpr = await t.call({
        method: 'PUT',
        url: `/camera/${cam.replace('.', '/')}/config/lpr`,
        token: owner.token,
        payload: { enabled: true },
      });
      expect(lpr.status).toBe(200);
      const analyser = t.app.services.vehicles;
      analyser.ended({ id: 'ev1', uidd: cam, startMs: seg.startMs, endMs: seg.startMs + 3_000 });
      await analyser.idle();
      // Samples at 0, 1, 2 and 3 s: four keyframes.
      expect(analyser.stats()).toMatchObject({ analysed: 1, pictures: 4, vehicles: 0, failed: 0 });
      const list = await t.call({
        method: 'GET',
        url: `/events/${cam.replace('.', '/')}/ev1/analytics/vehicles`,
        token: owner.token,
      });
      expect(list.json).toEqual([]);
    }, 240_000);
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-vehicles-'));
    dirs.push(dir);
    return { DATA_DIR: dir };
  },
);
