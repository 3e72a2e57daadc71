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
  ticks: number;
}

/**
 * Pictures of a camera while motion lasts (decision 0794): from a motion event's start to its end, every
 * `COUNTING_SAMPLE_MS` the newest live keyframe (sub stream first) — when a new one has come — goes to the labels'
 * recogniser (its one thread, its bounded queue, below ingest in priority) and what it found to people counting.
 * Only cameras with analytics on and a count line are looked at; a tick finding the last picture still in the
 * recogniser is skipped, so a camera never has more than one picture waiting.
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
    const s: Sampling = { events: [e.id], timer: undefined, lastAtMs: 0, busy: undefined, ticks: 0 };
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
    s.timer = setInterval(() => {
      // An event whose end never came (its recorder died) stops being looked at after the longest event.
      if (++s.ticks * every > MOTION_EVENT_MAX_MS) return this.#stop(uidd, s);
      if (s.busy) return;
      s.busy = this.#sample(uidd, s, timezoneName)
        .catch((err: unknown) => this.#d.log.warn({ uidd, err: String(err) }, 'motion picture not counted'))
        .finally(() => {
          s.busy = undefined;
        });
    }, every);
    s.timer.unref();
  }

  async #sample(uidd: Uidd, s: Sampling, timezoneName: string): Promise<void> {
    const picture = await this.#d.picture(uidd, s.lastAtMs);
    if (!picture) return;
    s.lastAtMs = picture.atMs;
    const job = this.#d.recogniser.recognise(picture.jpeg);
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
    clearInterval(s.timer);
    if (this.#open.get(uidd) === s) this.#open.delete(uidd);
    // After the picture being looked at, so its crossings still count.
    void Promise.resolve(s.busy).then(() => this.#d.onQuiet(uidd));
  }
}
