import { randomUUID } from 'node:crypto';
import type { EpochMs, Uidd } from '@vigil/contracts';
import type { Db, SegmentsTable } from '@vigil/db';
import { decodeKeyframes, encodeKeyframes, type Keyframe } from './keyframes.ts';

export type StreamName = 'main' | 'sd';

export interface Segment {
  id: string;
  uidd: Uidd;
  stream: StreamName;
  startMs: EpochMs;
  endMs: EpochMs;
  bytes: number;
  /** Relative to the recordings directory. */
  path: string;
  initPath: string;
  codec: string;
  /**
   * The keyframes after the one that opens the segment, where a player may start a byte range (decision 0510);
   * undefined when not known (segments indexed before they were recorded), [] for a single keyframe.
   */
  keyframes?: readonly Keyframe[] | undefined;
  /**
   * The first segment of an ffmpeg run of the recorder: media timestamps start again here (migration 0507);
   * undefined when not known (indexed before).
   */
  runStart?: boolean | undefined;
  /**
   * The recorder whose disk holds the file (its RECORDER_ID, migration 0601); undefined: the process serving the
   * index holds it (the embedded default, a shared filesystem).
   */
  recorderId?: string | undefined;
  /**
   * When the file was uploaded to the bucket (migration 1030, decision 0856): any host with the bucket reads it when
   * its recorder is dead or gone. Undefined: only on its recorder's disk (or not known: rows from before).
   */
  storedMs?: EpochMs | undefined;
}

type Row = SegmentsTable;

const toSegment = (r: Row): Segment => ({
  id: r.id,
  uidd: r.camera_uidd as Uidd,
  stream: r.stream as StreamName,
  startMs: Number(r.start_ms) as EpochMs,
  endMs: Number(r.end_ms) as EpochMs,
  bytes: Number(r.bytes),
  path: r.path,
  initPath: r.init_path,
  codec: r.codec,
  keyframes: decodeKeyframes(r.keyframes),
  runStart: r.run_start === null || r.run_start === undefined ? undefined : Number(r.run_start) === 1,
  recorderId: r.recorder_id ?? undefined,
  storedMs: r.stored_ms === null || r.stored_ms === undefined ? undefined : (Number(r.stored_ms) as EpochMs),
});

/** The segment index: SQL only, no files. */
export class SegmentsRepository {
  private readonly db: Db;
  /** Written into the rows this process inserts: the recorder whose disk holds their files (decision 0601). */
  private readonly recorderId: string | undefined;

  constructor(db: Db, o: { recorderId?: string | undefined } = {}) {
    this.db = db;
    this.recorderId = o.recorderId;
  }

  async insert(s: Omit<Segment, 'id'>): Promise<Segment> {
    const [segment] = await this.insertMany([s]);
    return segment as Segment;
  }

  /** Several rows in one statement. */
  async insertMany(rows: readonly Omit<Segment, 'id'>[]): Promise<Segment[]> {
    if (rows.length === 0) return [];
    // A fresh id even when handed a whole segment (a copy of another camera's, say): rows are new.
    const segments = rows.map((s) => ({ ...s, id: randomUUID(), recorderId: this.recorderId }));
    await this.db
      .insertInto('segments')
      .values(
        segments.map((s) => ({
          id: s.id,
          camera_uidd: s.uidd,
          stream: s.stream,
          start_ms: s.startMs,
          end_ms: s.endMs,
          bytes: s.bytes,
          path: s.path,
          init_path: s.initPath,
          codec: s.codec,
          keyframes: s.keyframes ? encodeKeyframes(s.keyframes) : null,
          run_start: s.runStart === undefined ? null : s.runStart ? 1 : 0,
          recorder_id: this.recorderId ?? null,
        })),
      )
      .execute();
    return segments;
  }

  /**
   * insertMany for rows that may already be in the table: a retry after a connection lost during an INSERT that
   * the server had committed (decision 0015). Rows of the same camera, stream and start are not inserted again;
   * the answer is in the order of `rows`, the ones already there as they are.
   */
  async insertMissing(rows: readonly Omit<Segment, 'id'>[]): Promise<Segment[]> {
    if (rows.length === 0) return [];
    const key = (s: Pick<Segment, 'uidd' | 'stream' | 'startMs'>) => `${s.uidd}|${s.stream}|${s.startMs}`;
    const starts = rows.map((r) => r.startMs);
    const found = await this.db
      .selectFrom('segments')
      .selectAll()
      .where('camera_uidd', 'in', [...new Set(rows.map((r) => r.uidd))])
      .where('start_ms', '>=', Math.min(...starts))
      .where('start_ms', '<=', Math.max(...starts))
      .execute();
    const there = new Map(found.map(toSegment).map((s) => [key(s), s]));
    const inserted = await this.insertMany(rows.filter((r) => !there.has(key(r))));
    const made = new Map(inserted.map((s) => [key(s), s]));
    return rows.map((r) => (there.get(key(r)) ?? made.get(key(r))) as Segment);
  }

  async exists(uidd: Uidd, stream: StreamName, startMs: EpochMs): Promise<boolean> {
    const row = await this.db
      .selectFrom('segments')
      .select('id')
      .where('camera_uidd', '=', uidd)
      .where('start_ms', '=', startMs)
      .where('stream', '=', stream)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Segments overlapping [fromMs, toMs), oldest first. */
  async list(
    uidd: Uidd,
    stream: StreamName,
    fromMs: EpochMs,
    toMs: EpochMs,
    limit = 10_000,
  ): Promise<Segment[]> {
    const rows = await this.db
      .selectFrom('segments')
      .selectAll()
      .where('camera_uidd', '=', uidd)
      // Segments last seconds; a start bound a minute early keeps the index range tight and finds the overlap.
      .where('start_ms', '>=', fromMs - 60_000)
      .where('start_ms', '<', toMs)
      .where('end_ms', '>', fromMs)
      .where('stream', '=', stream)
      .orderBy('start_ms')
      .limit(limit)
      .execute();
    return rows.map(toSegment);
  }

  /** The segment holding the instant `ms`, if any. */
  async at(uidd: Uidd, stream: StreamName, ms: EpochMs): Promise<Segment | undefined> {
    const [row] = await this.list(uidd, stream, ms, (ms + 1) as EpochMs, 1);
    return row;
  }

  /** The most recent segments of a camera stream, newest first. */
  async latest(uidd: Uidd, stream: StreamName, limit = 1): Promise<Segment[]> {
    const rows = await this.db
      .selectFrom('segments')
      .selectAll()
      .where('camera_uidd', '=', uidd)
      .where('stream', '=', stream)
      .orderBy('start_ms', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toSegment);
  }

  /**
   * Segments that ended before cutoff, oldest first, every stream: for retention and the watermark, which delete
   * files, so only those on this host when it has a RECORDER_ID (decision 0601: another recorder's rows name files
   * on its disk, which it deletes itself).
   */
  async endedBefore(uidd: Uidd, cutoffMs: EpochMs, limit: number): Promise<Segment[]> {
    const own = this.recorderId;
    const rows = await this.db
      .selectFrom('segments')
      .selectAll()
      .where('camera_uidd', '=', uidd)
      .$if(own !== undefined, (q) => q.where('recorder_id', '=', own as string))
      .where('start_ms', '<', cutoffMs)
      .where('end_ms', '<=', cutoffMs)
      .orderBy('start_ms')
      .limit(limit)
      .execute();
    return rows.map(toSegment);
  }

  /**
   * Other recorders' segments of a camera that ended before cutoff, oldest first, leaving out the recorders in
   * `skip` (known alive: they delete their own) and, without `stored`, the rows uploaded to the bucket: for the sweep
   * of footage whose recorder is gone (decision 0882). Nothing without a RECORDER_ID (every row is this process').
   */
  async othersEndedBefore(
    uidd: Uidd,
    cutoffMs: EpochMs,
    limit: number,
    o: { skip: readonly string[]; stored: boolean },
  ): Promise<Segment[]> {
    const own = this.recorderId;
    if (own === undefined) return [];
    const rows = await this.db
      .selectFrom('segments')
      .selectAll()
      .where('camera_uidd', '=', uidd)
      .where('recorder_id', 'is not', null)
      .where('recorder_id', 'not in', [own, ...o.skip])
      .$if(!o.stored, (q) => q.where('stored_ms', 'is', null))
      .where('start_ms', '<', cutoffMs)
      .where('end_ms', '<=', cutoffMs)
      .orderBy('start_ms')
      .limit(limit)
      .execute();
    return rows.map(toSegment);
  }

  /**
   * Marks files as uploaded to the bucket at `atMs` (decision 0856), by their paths (`<uidd>/<stream>/<day>/<start>.
   * <hash>.m4s`). One UPDATE, each camera stream's rows bounded by the starts the names carry (a row's start is at
   * most a little before its file's name, given when the file is opened), so the (camera, start) index finds them.
   * A path without a row (not indexed yet, or deleted) changes nothing.
   */
  async markStored(paths: readonly string[], atMs: EpochMs): Promise<void> {
    const groups = new Map<string, { uidd: string; stream: string; starts: number[]; paths: string[] }>();
    for (const path of paths) {
      const [uidd, stream, , name] = path.split('/');
      const start = Number(name?.split('.')[0]);
      if (!uidd || !stream || !Number.isFinite(start)) continue;
      const key = `${uidd}/${stream}`;
      const g = groups.get(key) ?? { uidd, stream, starts: [], paths: [] };
      g.starts.push(start);
      g.paths.push(path);
      groups.set(key, g);
    }
    if (groups.size === 0) return;
    await this.db
      .updateTable('segments')
      .set({ stored_ms: atMs })
      .where((eb) =>
        eb.or(
          [...groups.values()].map((g) =>
            eb.and([
              eb('camera_uidd', '=', g.uidd),
              eb('start_ms', '>=', Math.min(...g.starts) - 60_000),
              eb('start_ms', '<=', Math.max(...g.starts) + 60_000),
              eb('stream', '=', g.stream),
              eb('path', 'in', g.paths),
            ]),
          ),
        ),
      )
      .execute();
  }

  async deleteIds(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('segments').where('id', 'in', ids).execute();
  }

  /** Every camera with recordings (on this host when it has a RECORDER_ID, as endedBefore), for the watermark. */
  async cameras(): Promise<Uidd[]> {
    const own = this.recorderId;
    const rows = await this.db
      .selectFrom('segments')
      .select('camera_uidd')
      .$if(own !== undefined, (q) => q.where('recorder_id', '=', own as string))
      .distinct()
      .execute();
    return rows.map((r) => r.camera_uidd as Uidd);
  }
}
