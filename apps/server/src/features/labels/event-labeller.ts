import type { Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { Recogniser, RecogniserStats } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraRows } from '../access/ports.ts';
import { type MotionEvents, motionEvents } from '../events/motion-events.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { TrainingSamples } from './training-samples.ts';

export interface EventStill {
  id: string;
  uidd: Uidd;
  /** The event's high-resolution still (JPEG), as the motion sink wrote it. */
  still: Uint8Array;
  /** When the still was taken (the PPE check's still time, decision 0870). */
  atMs?: number;
}

/** What the recogniser saw in an event's still, for whoever acts on it (alert rules, decision 0704). */
export interface RecognisedStill {
  uidd: string;
  eventId: string;
  timezoneName: string;
  still: Uint8Array;
  atMs?: number | undefined;
  detections: { label: string; confidence: number; box: [number, number, number, number] }[];
}

export interface LabellerStats extends RecogniserStats {
  /** Stills of cameras without analytics: not looked at. */
  skipped: number;
  /** Events that got at least one label. */
  labelled: number;
}

export interface LabellerDeps {
  db: Db;
  /** The cameras feature's reads: whether a camera has analytics on, and its owner. */
  cameras: Pick<CameraRows, 'find'>;
  recogniser: Pick<Recogniser, 'recognise' | 'stats' | 'close'>;
  log: FastifyBaseLogger;
  bus: RealtimeBus;
  /**
   * Keeping footage to train models (decision 0743): only of owners who consented (billing's consents). Without
   * it nothing is kept beyond the event's own labels.
   */
  training?: { consented: (owner: string) => Promise<boolean>; samples: TrainingSamples };
  /** Told of every recognised still with its detections, before the labels are written (decision 0704). */
  onRecognised?: (r: RecognisedStill) => Promise<unknown>;
}

/**
 * Recognition labels for motion events (decision 0555): each high-resolution still the motion sink writes, of a
 * camera with analytics enabled, goes to the recogniser (one at a time, bounded queue, low priority); its labels
 * are added to the event and announced on the realtime stream (`alertUpdated`, decision 0556), so open lists
 * show them. Fire and forget: the sink never waits, and a failure costs the labels only.
 */
export class EventLabeller {
  readonly #cameras: Pick<CameraRows, 'find'>;
  readonly #events: MotionEvents;
  readonly #recogniser: Pick<Recogniser, 'recognise' | 'stats' | 'close'>;
  readonly #log: FastifyBaseLogger;
  readonly #bus: RealtimeBus;
  readonly #onRecognised: ((r: RecognisedStill) => Promise<unknown>) | undefined;
  readonly #pending = new Set<Promise<void>>();
  // Label writes one after another: two pictures of one event must not insert the same label at once.
  #writes: Promise<void> = Promise.resolve();
  #skipped = 0;
  #labelled = 0;
  readonly #training: LabellerDeps['training'];

  constructor(d: LabellerDeps) {
    this.#cameras = d.cameras;
    this.#training = d.training;
    this.#events = motionEvents(d.db);
    this.#recogniser = d.recogniser;
    this.#log = d.log;
    this.#bus = d.bus;
    this.#onRecognised = d.onRecognised;
  }

  still(e: EventStill): void {
    const p = this.#label(e).catch((err: unknown) =>
      this.#log.warn({ uidd: e.uidd, event: e.id, err: String(err) }, 'event not labelled'),
    );
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
  }

  stats(): LabellerStats {
    return { ...this.#recogniser.stats(), skipped: this.#skipped, labelled: this.#labelled };
  }

  /** Resolves when the stills handed in so far are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size) await Promise.all(this.#pending);
  }

  close(): Promise<void> {
    return this.#recogniser.close();
  }

  async #label(e: EventStill): Promise<void> {
    const camera = await this.#cameras.find(e.uidd);
    if (!camera?.analytics_enabled) {
      this.#skipped++;
      return;
    }
    const job = this.#recogniser.recognise(e.still);
    if (!job) {
      this.#log.warn(
        { uidd: e.uidd, event: e.id, dropped: this.#recogniser.stats().dropped },
        'labels queue full',
      );
      return;
    }
    const r = await job;
    // Alert rules look at the detections; their failure costs the alert, never the labels.
    if (this.#onRecognised && r.detections.length)
      await this.#onRecognised({
        uidd: e.uidd,
        eventId: e.id,
        timezoneName: camera.timezone_name,
        still: e.still,
        atMs: e.atMs,
        detections: r.detections,
      }).catch((err: unknown) =>
        this.#log.warn({ uidd: e.uidd, event: e.id, err: String(err) }, 'alert rules not evaluated'),
      );
    if (!r.labels.length) return;
    const write = this.#writes.then(() => this.#events.addLabels(e.id, r.labels));
    this.#writes = write.then(
      () => {},
      () => {},
    );
    // False: the event was deleted meanwhile; nothing to announce.
    if (!(await write)) return;
    this.#bus.publish({ type: 'alertUpdated', data: { uidd: e.uidd, id: e.id, change: 'labels' } });
    this.#labelled++;
    // The one place the pipeline keeps footage beyond the account's own event: never without the owner's consent.
    if (this.#training && (await this.#training.consented(camera.owner_uid)))
      await this.#training.samples.keep({
        owner: camera.owner_uid,
        uidd: e.uidd,
        eventId: e.id,
        still: e.still,
        labels: r.labels.map((l) => l.label),
      });
    this.#log.info(
      { uidd: e.uidd, event: e.id, labels: r.labels, inferMs: Math.round(r.inferMs) },
      'event labelled',
    );
  }
}
