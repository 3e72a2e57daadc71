import { rm, stat } from 'node:fs/promises';
import type { Db } from '@vigil/db';
import type { Reclaimer } from '@vigil/recorder';
import { motionEvents } from '../events/motion-events.ts';

/** Events whose pictures are deleted per call. */
const BATCH = 100;

/**
 * The storage watermark's last resort (decision 0208): the pictures (under `dir`) of the oldest ended events, files first, then the
 * paths in their rows (a crash in between leaves paths to missing files, which answer 404 and are cleared next
 * time). Answers the bytes freed, at least 1 when it went through events, 0 when none has pictures left.
 */
export function eventPicturesReclaimer(db: Db, dir: string): Reclaimer {
  const events = motionEvents(db);
  const reclaim = async () => {
    const rows = await events.oldestWithPictures(BATCH);
    if (rows.length === 0) return 0;
    let freed = 0;
    for (const r of rows)
      for (const path of [r.thumb_path, r.still_path]) {
        if (!path) continue;
        freed += await stat(path).then(
          (s) => s.size,
          () => 0,
        );
        await rm(path, { force: true });
      }
    await events.clearPictures(rows.map((r) => r.id));
    return Math.max(1, freed);
  };
  return { dir, reclaim };
}
