import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { splitUidd, type Uidd, writeMotionScore } from '@vigil/contracts';
import { type Db, OutageQueue } from '@vigil/db';
import type { MotionEventEnded, MotionEventStarted, MotionPictures, MotionSink } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraRows } from '../access/ports.ts';
import { newEventId, ONGOING_MAX_MS } from '../events/events-service.ts';
import { type MotionEvents, motionEvents } from '../events/motion-events.ts';
import type { RealtimeBus } from '../realtime/bus.ts';

export interface EventsMotionSinkDeps {
  db: Db;
  /** The cameras feature's reads: the camera's logger, kept on its events. */
  cameras: Pick<CameraRows, 'find'>;
  bus: RealtimeBus;
  /** Event pictures go to <dir>/<uidd>/<id>.{thumb,still}.jpg. */
  dir: string;
  log: FastifyBaseLogger;
  now: () => number;
  /** Each high-resolution still written for an event, with the time it shows (the labels' input, 0555). */
  onStill?: ((e: { id: string; uidd: Uidd; still: Uint8Array; atMs: number }) => void) | undefined;
  /** Each event once stored as ended (the plates' input, decision 0791). */
  onEnded?: ((e: EndedEvent) => void) | undefined;
  /** Each event once stored as started (people counting looks at the camera while it lasts, decision 0794). */
  onStarted?: ((e: { id: string; uidd: Uidd; startMs: number }) => void) | undefined;
}

/** An event that has ended: what its analysis needs. */
export interface EndedEvent {
  id: string;
  uidd: Uidd;
  startMs: number;
  endMs: number;
}

/**
 * The recorder's motion sink on the server side (decision 0553): a new event is stored in the events table with
 * its thumbnail and high-resolution still, flagged ongoing, and announced at once on the realtime stream as an
 * alert; its end updates the row (end, score, the peak's pictures, no longer ongoing) and is announced as
 * `alertUpdated` (decision 0556). Plug it into `Recorder.start({ motionSink })`.
 */
export class EventsMotionSink implements MotionSink {
  readonly #events: MotionEvents;
  readonly #d: EventsMotionSinkDeps;
  /** Rows wait here through a database outage, in order, and are written when it is back (decision 0015). */
  readonly #writes: OutageQueue;
  constructor(d: EventsMotionSinkDeps) {
    this.#d = d;
    this.#events = motionEvents(d.db);
    this.#writes = new OutageQueue({ log: d.log, what: 'motion events' });
  }

  /** Event writes waiting for the database. */
  get pending(): number {
    return this.#writes.pending;
  }

  stop(): void {
    this.#writes.stop();
  }

  /**
   * Events an earlier run left open (decision 0556): no longer ongoing; their end stays their start. With
   * `lastFootage` (a fleet recorder taking the cameras of a dead one, decision 0610) each camera's open events end at
   * the end of its last indexed segment, and open lists are told (`alertUpdated`).
   */
  async orphaned(uidds: readonly Uidd[], lastFootage?: ReadonlyMap<Uidd, number>): Promise<void> {
    const since = this.#d.now() - ONGOING_MAX_MS;
    if (!lastFootage) return this.#events.closeOngoing(uidds, since);
    for (const uidd of uidds) {
      const ids = await this.#events.closeOngoingAt(uidd, since, lastFootage.get(uidd) ?? 0);
      for (const id of ids)
        this.#d.bus.publish({ type: 'alertUpdated', data: { uidd, id, change: 'ended' } });
    }
  }

  async started(e: MotionEventStarted): Promise<string> {
    const id = newEventId(e.startMs);
    const files = await this.#write(e.uidd, id, e.pictures);
    // Written, announced and sent for labels once the database has the row: at once, or after an outage.
    await this.#writes.run(() => this.#store(id, e, files));
    return id;
  }

  async #store(id: string, e: MotionEventStarted, files: { thumb: string | null; still: string | null }) {
    // Retried after a dropped connection, the first INSERT may have been committed: that is the row.
    if (await this.#events.find(id)) return;
    const camera = await this.#d.cameras.find(e.uidd);
    await this.#events.insert({
      id,
      owner_uid: splitUidd(e.uidd).owner,
      camera_uidd: e.uidd,
      start_ms: e.startMs,
      end_ms: e.startMs,
      score: e.score,
      rom: e.rom ? 1 : 0,
      logger: camera?.logger ?? null,
      has_high_res_still: files.still ? 1 : 0,
      thumb_path: files.thumb,
      still_path: files.still,
      created_at: this.#d.now(),
      ongoing: 1,
    });
    if (files.still && e.pictures)
      this.#d.onStill?.({ id, uidd: e.uidd, still: e.pictures.still, atMs: e.startMs });
    this.#d.onStarted?.({ id, uidd: e.uidd, startMs: e.startMs });
    this.#d.bus.publish({
      type: 'alert',
      data: { uidd: e.uidd, id, startTime: e.startMs, motionScore: writeMotionScore(e.score) },
    });
  }

  async ended(id: string, e: MotionEventEnded): Promise<void> {
    const files = e.pictures ? await this.#write(e.uidd, id, e.pictures) : undefined;
    await this.#writes.run(() => this.#end(id, e, files));
  }

  async #end(
    id: string,
    e: MotionEventEnded,
    files: { thumb: string | null; still: string | null } | undefined,
  ) {
    await this.#events.update(id, {
      end_ms: e.endMs,
      score: e.score,
      ongoing: 0,
      ...(files
        ? { thumb_path: files.thumb, still_path: files.still, has_high_res_still: files.still ? 1 : 0 }
        : {}),
    });
    if (files?.still && e.pictures)
      this.#d.onStill?.({ id, uidd: e.uidd, still: e.pictures.still, atMs: e.endMs });
    this.#d.onEnded?.({ id, uidd: e.uidd, startMs: e.startMs, endMs: e.endMs });
    // Open lists show the end (duration instead of "ongoing", the peak's pictures) without a reload (0556).
    this.#d.bus.publish({ type: 'alertUpdated', data: { uidd: e.uidd, id, change: 'ended' } });
  }

  async #write(
    uidd: Uidd,
    id: string,
    pictures: MotionPictures | null,
  ): Promise<{ thumb: string | null; still: string | null }> {
    if (!pictures) return { thumb: null, still: null };
    const dir = join(this.#d.dir, uidd);
    await mkdir(dir, { recursive: true });
    const put = async (name: string, data: Uint8Array) => {
      const path = join(dir, name);
      await writeFile(`${path}.tmp`, data);
      await rename(`${path}.tmp`, path);
      return path;
    };
    try {
      return {
        thumb: await put(`${id}.thumb.jpg`, pictures.thumb),
        still: await put(`${id}.still.jpg`, pictures.still),
      };
    } catch (err) {
      this.#d.log.warn({ uidd, err: String(err) }, 'event pictures not written');
      return { thumb: null, still: null };
    }
  }
}
