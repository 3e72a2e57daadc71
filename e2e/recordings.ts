import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { openDb } from '@vigil/db';
import type { Segment } from '@vigil/recorder';
import { cameraRow } from '../apps/server/src/features/cameras/testing.ts';
import { installSample, recordSample, type Sample } from '../apps/server/src/features/recordings/testing.ts';
import { apiLogin, test as base } from './fixtures.ts';

/** A camera of the worker's end user, and its recorded runs ([startMs, endMs], oldest first). */
export interface RecordedCamera {
  uidd: Uidd;
  name: string;
  runs: Array<[number, number]>;
  segments: Segment[];
}

export interface Recordings {
  /** Front door: a real recording with an outage in the middle (two runs). */
  front: RecordedCamera;
  /** Back door: the same recording (another camera's files). */
  back: RecordedCamera;
  /** Garage: a camera that recorded nothing. */
  garage: RecordedCamera;
}

const runsOf = (segments: readonly Segment[]): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  for (const s of segments) {
    const last = out.at(-1);
    if (last && s.startMs - last[1] <= 1000) last[1] = s.endMs;
    else out.push([s.startMs, s.endMs]);
  }
  return out;
};

/**
 * Cameras with real recordings for the end user of the worker: a simulated camera is recorded by the real recorder
 * (in this process), then its files and index rows are put under the running server's DATA_DIR and database,
 * where any recorder would have put them. The camera rows name an address nothing answers, so a recorder in the
 * server process records nothing of its own for them.
 */
export const test = base.extend<object, { recordings: Recordings }>({
  recordings: [
    async ({ accounts, playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const { uid } = await apiLogin(request, accounts.u);
      await request.dispose();
      const dataDir = process.env.E2E_DATA_DIR as string;
      // 4-second segments as in production: playlists name 2-second byte ranges of them (decision 0510).
      const sample: Sample = await recordSample({
        seconds: 10,
        gapSeconds: 3,
        camera: { audio: true },
        segmentTargetMs: 4000,
      });
      const db = openDb({ sqlitePath: join(dataDir, 'vigil.sqlite') });
      try {
        const camera = async (device: string, name: string, withVideo: boolean): Promise<RecordedCamera> => {
          const uidd = `${uid}.${device}` as Uidd;
          // An address nothing answers: a recorder in the server process records nothing of its own for it.
          const row = cameraRow({
            owner: uid,
            deviceId: device,
            name,
            now: Date.now(),
            streamUrl: 'rtsp://127.0.0.1:9/none',
          });
          await db.db.insertInto('cameras').values(row).execute();
          const segments = withVideo ? await installSample(sample, db.db, dataDir, uidd) : [];
          return { uidd, name, runs: runsOf(segments), segments };
        };
        const recordings = {
          front: await camera('front', 'Front door', true),
          back: await camera('back', 'Back door', true),
          garage: await camera('garage', 'Garage', false),
        };
        await use(recordings);
      } finally {
        await db.destroy();
        sample.rm();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect } from './fixtures.ts';
