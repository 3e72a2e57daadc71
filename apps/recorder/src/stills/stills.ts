import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { stillArgs } from '../ffmpeg/args.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

export interface LatestStills {
  /** Absolute paths of the JPEGs, and the wall-clock time of the picture. */
  thumbPath: string | null;
  thumbMs: EpochMs | null;
  stillPath: string | null;
  stillMs: EpochMs | null;
}

/**
 * Thumbnails and stills. The latest ones come from the live prebuffer's keyframe (init segment + one keyframe
 * fragment piped to ffmpeg: one picture decoded, nothing read from disk); a still at any recorded instant
 * decodes its segment from the keyframe that opens it. Jobs run one at a time, so a burst of requests cannot
 * take the machine's cores from the ingest.
 */
export class Stills {
  private queue: Promise<unknown> = Promise.resolve();

  private readonly o: { ffmpegPath: string; dir: string; db: Db; thumbWidth?: number };

  constructor(o: Stills['o']) {
    this.o = o;
  }

  /** Replaces the camera's latest thumbnail and still with the picture of this keyframe. */
  fromKeyframe(uidd: Uidd, init: Buffer, keyframe: Buffer, wallMs: number): Promise<LatestStills> {
    return this.enqueue(async () => {
      const dir = join(this.o.dir, uidd);
      mkdirSync(dir, { recursive: true });
      const still = join(dir, 'still.jpg');
      const thumb = join(dir, 'thumb.jpg');
      const args = stillArgs({
        stillPath: `${still}.tmp.jpg`,
        thumbPath: `${thumb}.tmp.jpg`,
        thumbWidth: this.o.thumbWidth,
      });
      try {
        await runFfmpeg(this.o.ffmpegPath, args, [init, keyframe]);
        renameSync(`${still}.tmp.jpg`, still);
        renameSync(`${thumb}.tmp.jpg`, thumb);
      } finally {
        rmSync(`${still}.tmp.jpg`, { force: true });
        rmSync(`${thumb}.tmp.jpg`, { force: true });
      }
      const row = { thumb_path: thumb, thumb_ms: wallMs, still_path: still, still_ms: wallMs };
      await this.o.db
        .insertInto('camera_stills')
        .values({ camera_uidd: uidd, ...row })
        .onConflict((oc) => oc.column('camera_uidd').doUpdateSet(row))
        .execute();
      return { thumbPath: thumb, thumbMs: wallMs as EpochMs, stillPath: still, stillMs: wallMs as EpochMs };
    });
  }

  /** The thumbnail and full-size still of one keyframe, as JPEG bytes (motion events: decision 0553). */
  snapshot(init: Buffer, keyframe: Buffer, nice?: number): Promise<{ thumb: Buffer; still: Buffer }> {
    return this.enqueue(async () => {
      const tmp = join(this.o.dir, '.snapshots');
      mkdirSync(tmp, { recursive: true });
      const base = join(tmp, randomBytes(6).toString('hex'));
      const args = stillArgs({
        stillPath: `${base}.s.jpg`,
        thumbPath: `${base}.t.jpg`,
        thumbWidth: this.o.thumbWidth,
      });
      try {
        await runFfmpeg(this.o.ffmpegPath, args, [init, keyframe], undefined, nice);
        return { thumb: readFileSync(`${base}.t.jpg`), still: readFileSync(`${base}.s.jpg`) };
      } finally {
        rmSync(`${base}.s.jpg`, { force: true });
        rmSync(`${base}.t.jpg`, { force: true });
      }
    });
  }

  /** A JPEG of the frame `offsetSec` into a segment (init + segment bytes). */
  fromSegment(init: Buffer, segment: Buffer, offsetSec: number): Promise<Buffer> {
    return this.enqueue(() =>
      runFfmpeg(this.o.ffmpegPath, stillArgs({ stillPath: 'pipe:1', offsetSec }), [init, segment]),
    );
  }

  async latest(uidd: Uidd): Promise<LatestStills | undefined> {
    const row = await this.o.db
      .selectFrom('camera_stills')
      .selectAll()
      .where('camera_uidd', '=', uidd)
      .executeTakeFirst();
    if (!row) return undefined;
    const ms = (v: number | null): EpochMs | null => (v === null ? null : (Number(v) as EpochMs));
    return {
      thumbPath: row.thumb_path,
      thumbMs: ms(row.thumb_ms),
      stillPath: row.still_path,
      stillMs: ms(row.still_ms),
    };
  }

  async forget(uidd: Uidd): Promise<void> {
    await this.o.db.deleteFrom('camera_stills').where('camera_uidd', '=', uidd).execute();
    rmSync(join(this.o.dir, uidd), { recursive: true, force: true });
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => {});
    return next;
  }
}
