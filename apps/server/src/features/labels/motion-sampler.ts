import { COUNTING_SAMPLE_MS, type Uidd } from '@vigil/contracts';
import { MOTION_EVENT_MAX_MS, type Recogniser } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraRows } from '../access/ports.ts';

/** A picture of a camera's motion with what the recogniser found in it (people counting's input). */
export interface SampledPicture {
  uidd: string;
  eventId: string;
  atMs: number;
  timezoneName: string;
  still: Uint8Array;
  detections: { label: string; confidence: number; box: [number, number, number, number] }[];
}

export interface MotionSamplerDeps {
  cameras: Pick<CameraRows, 'find'>;
  recogniser: Pick<Recogniser, 'recognise'>;
  /** The camera's newest live keyframe after `afterMs` as JPEG (the recorder in this process). */
  picture: (uidd: Uidd, afterMs: number) => Promise<{ jpeg: Uint8Array; atMs: number } | undefined>;
  /** Whether anything would use the camera's pictures (it has a count line). */
  wanted: (uidd: string) => Promise<boolean>;
  onPicture: (p: SampledPicture) => Promise<unknown>;
  /** Motion is over on the camera (its tracks end). */
  onQuiet: (uidd: string) => void;
  log: FastifyBaseLogger;
  everyMs?: number;
}

interface Sampling {
  events: string[];
  lastEvent?: string;
  timer: NodeJS.Timeout | undefined;
  lastAtMs: number;
  busy: Promise<void> | undefined;
}

/**
 * Pictures of a camera while motion lasts (decision 0794): from a motion event's start to its end, every
 * `COUNTING_SAMPLE_MS` the newest live keyframe (sub stream first) — when a new one has come — goes to the labels'
 * recogniser (its one thread, its bounded queue, below ingest in priority) and what it found to people counting.
 * Only cameras with analytics on and a count line are looked at; the next picture is asked for once the last has
 * been looked at (and not sooner than `COUNTING_SAMPLE_MS` after it was asked for), so a camera never has more than
 * one picture waiting and the recogniser is not left idle between them (decision 0884).
 */
export class MotionSampler {
  readonly #d: MotionSamplerDeps;
  readonly #open = new Map<Uidd, Sampling>();
  #sampled = 0;
  #dropped = 0;
  constructor(d: MotionSamplerDeps) {
    this.#d = d;
  }

  stats(): { sampled: number; dropped: number; cameras: number } {
    return { sampled: this.#sampled, dropped: this.#dropped, cameras: this.#open.size };
  }

  started(e: { id: string; uidd: Uidd }): void {
    const open = this.#open.get(e.uidd);
    if (open) {
      open.events.push(e.id);
      return;
    }
    const s: Sampling = { events: [e.id], timer: undefined, lastAtMs: 0, busy: undefined };
    this.#open.set(e.uidd, s);
    void this.#begin(e.uidd, s).catch((err: unknown) =>
      this.#d.log.warn({ uidd: e.uidd, err: String(err) }, 'motion sampling not started'),
    );
  }

  ended(e: { id: string; uidd: Uidd }): void {
    const s = this.#open.get(e.uidd);
    if (!s) return;
    s.lastEvent = e.id;
    s.events = s.events.filter((id) => id !== e.id);
    if (s.events.length === 0) this.#stop(e.uidd, s);
  }

  /** Resolves when no picture is being looked at (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.#open.values()].map((s) => s.busy ?? Promise.resolve()));
  }

  close(): void {
    for (const [uidd, s] of this.#open) this.#stop(uidd, s);
  }

  async #begin(uidd: Uidd, s: Sampling): Promise<void> {
    const camera = await this.#d.cameras.find(uidd);
    const wanted = camera?.analytics_enabled ? await this.#d.wanted(uidd) : false;
    // The event may have ended while the camera was read.
    if (!wanted || this.#open.get(uidd) !== s || s.events.length === 0) {
      if (this.#open.get(uidd) === s) this.#open.delete(uidd);
      return;
    }
    const timezoneName = camera!.timezone_name;
    const every = this.#d.everyMs ?? COUNTING_SAMPLE_MS;
    const began = Date.now();
    const next = () => {
      if (this.#open.get(uidd) !== s) return;
      // An event whose end never came (its recorder died) stops being looked at after the longest event.
      if (Date.now() - began > MOTION_EVENT_MAX_MS) return this.#stop(uidd, s);
      const askedAt = Date.now();
      s.busy = this.#sample(uidd, s, timezoneName)
        .catch((err: unknown) => this.#d.log.warn({ uidd, err: String(err) }, 'motion picture not counted'))
        .finally(() => {
          s.busy = undefined;
          if (this.#open.get(uidd) !== s) return;
          // The next picture `every` after this one was asked for, or at once when the recogniser took longer:
          // waiting for a fixed tick instead left the recogniser idle up to a tick a picture, and a loaded
          // recogniser's pictures further apart than people counting can follow (decision 0884).
          s.timer = setTimeout(next, Math.max(0, askedAt + every - Date.now()));
          s.timer.unref();
        });
    };
    s.timer = setTimeout(next, every);
    s.timer.unref();
  }

  async #sample(uidd: Uidd, s: Sampling, timezoneName: string): Promise<void> {
    const picture = await this.#d.picture(uidd, s.lastAtMs);
    if (!picture) return;
    s.lastAtMs = picture.atMs;
    // Ahead of events' stills: a counting picture is no use late, a still's labels can wait (decision 0884).
    const job = this.#d.recogniser.recognise(picture.jpeg, { first: true });
    if (!job) {
      this.#dropped++;
      return;
    }
    const r = await job;
    this.#sampled++;
    // The newest event of the camera's motion; after the end, still the last one (its picture counts).
    const eventId = s.events.at(-1) ?? s.lastEvent;
    if (!eventId) return;
    await this.#d.onPicture({
      uidd,
      eventId,
      atMs: picture.atMs,
      timezoneName,
      still: picture.jpeg,
      detections: r.detections,
    });
  }

  #stop(uidd: Uidd, s: Sampling): void {
    clearTimeout(s.timer);
    if (this.#open.get(uidd) === s) this.#open.delete(uidd);
    // After the picture being looked at, so its crossings still count.
    void Promise.resolve(s.busy).then(() => this.#d.onQuiet(uidd));
  }
}
