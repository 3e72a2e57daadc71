import type { Uidd } from '@vigil/contracts';
import type { PlateRecogniser } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import { randomId } from '../../shared/random.ts';
import {
  type EventVehicle,
  groupEventReads,
  SIGHTING_WINDOW_MS,
  sightingFor,
  type TimedRead,
} from './sightings.ts';
import type { VehiclesRepository } from './vehicles-repository.ts';
import type { PlateVerdict } from './watch-lists-service.ts';

/** An analysed event's vehicles, each with where it stood and what the owner's watch-lists say of its plate. */
export interface PlatesSeen {
  uidd: Uidd;
  eventId: string;
  vehicles: (PlateVerdict & {
    plate: string;
    /** The detector's class: car, truck, bus, motorcycle. */
    label: string;
    confidence: number;
    atMs: number;
    /** The bottom middle of the vehicle's box in 0..1 of the picture (null: the picture's size is unknown). */
    at: [number, number] | null;
  })[];
}

/** Pictures sampled from an ended event's recorded keyframes, start to end, for its plates. */
export const LPR_PICTURES_PER_EVENT = 6;
/** Events whose sink stills are kept, in case nothing of them was recorded (newest kept). */
const STILLS_KEPT = 64;

/** The recorded keyframe at or before a time (recordings' `keyframeAt`). */
export type KeyframeSource = (uidd: Uidd, ms: number) => Promise<{ atMs: number; jpeg: Uint8Array } | null>;

export interface EndedEvent {
  id: string;
  uidd: Uidd;
  startMs: number;
  endMs: number;
}

/** The times sampled in an event: its start, its end and evenly between, at most one a second. */
export function sampleTimes(startMs: number, endMs: number, max = LPR_PICTURES_PER_EVENT): number[] {
  const span = Math.max(0, endMs - startMs);
  const n = Math.max(1, Math.min(max, 1 + Math.floor(span / 1000)));
  if (n === 1) return [startMs];
  return Array.from({ length: n }, (_, i) => Math.round(startMs + (span * i) / (n - 1)));
}

/**
 * Vehicle records of motion events (decision 0791): when an event of a camera with the LPR add-on ends, its
 * recorded keyframes from start to end (or, when nothing was recorded, the stills the sink wrote) go to the plate
 * recogniser's thread; the reads are grouped into vehicles, each stored as a Vehicle analytics record from its
 * best read (its picture's time is stillTimeMs) and joined to the camera's sighting of that plate. Fire and
 * forget: the sink never waits; a failure or a full queue costs the plates only.
 */
export class VehicleAnalyser {
  readonly #repo: VehiclesRepository;
  readonly #recogniser: Pick<PlateRecogniser, 'read' | 'stats' | 'close'>;
  readonly #keyframe: KeyframeSource;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #lists:
    | { verdicts: (owner: string, plates: readonly string[]) => Promise<PlateVerdict[]> }
    | undefined;
  readonly #onPlates: ((seen: PlatesSeen) => Promise<unknown>) | undefined;
  readonly #stills = new Map<string, Uint8Array[]>();
  readonly #pending = new Set<Promise<void>>();
  // Sightings are read and written one event at a time: two events must not both start a sighting of one plate.
  #writes: Promise<void> = Promise.resolve();
  #analysed = 0;
  #pictureCount = 0;
  #vehicles = 0;

  constructor(d: {
    repo: VehiclesRepository;
    recogniser: Pick<PlateRecogniser, 'read' | 'stats' | 'close'>;
    keyframe: KeyframeSource;
    log: FastifyBaseLogger;
    now: () => number;
    lists?: { verdicts: (owner: string, plates: readonly string[]) => Promise<PlateVerdict[]> };
    onPlates?: ((seen: PlatesSeen) => Promise<unknown>) | undefined;
  }) {
    this.#lists = d.lists;
    this.#onPlates = d.onPlates;
    this.#repo = d.repo;
    this.#recogniser = d.recogniser;
    this.#keyframe = d.keyframe;
    this.#log = d.log;
    this.#now = d.now;
  }

  /**
   * The sink's still of an event (start or peak): kept for the event's end. The start still is also read at once
   * for the plate rules alone (decision 0797): a listed vehicle alerts while it is still in view, not when the
   * event ends minutes later; the vehicle records are made at the end, from the event's best frames.
   */
  still(e: { id: string; uidd?: Uidd; still: Uint8Array; atMs?: number }): void {
    const list = this.#stills.get(e.id) ?? [];
    list.push(e.still);
    this.#stills.delete(e.id);
    this.#stills.set(e.id, list);
    if (this.#stills.size > STILLS_KEPT) this.#stills.delete(this.#stills.keys().next().value!);
    if (list.length === 1 && e.uidd && this.#onPlates && this.#lists) this.#track(this.#early(e, e.uidd));
  }

  ended(e: EndedEvent): void {
    this.#track(
      this.#analyse(e)
        .catch((err: unknown) =>
          this.#log.warn({ uidd: e.uidd, event: e.id, err: String(err) }, 'plates not read'),
        )
        .finally(() => this.#stills.delete(e.id)),
    );
  }

  #track(p: Promise<void>): void {
    this.#pending.add(p);
    void p.finally(() => this.#pending.delete(p));
  }

  /** The start still's plates, for the plate rules only (no records: those come from the whole event). */
  async #early(e: { id: string; still: Uint8Array; atMs?: number }, uidd: Uidd): Promise<void> {
    try {
      if (!(await this.#repo.lprEnabled(uidd))) return;
      const atMs = e.atMs ?? this.#now();
      const job = this.#recogniser.read([e.still]);
      if (!job) return;
      const r = await job;
      const reads: TimedRead[] = r.pictures.flatMap((p) =>
        p.reads.map((read) => ({ atMs, read, width: p.width, height: p.height })),
      );
      const vehicles = groupEventReads(reads);
      if (vehicles.length) await this.#tellPlates({ id: e.id, uidd }, vehicles);
    } catch (err) {
      this.#log.warn({ uidd, event: e.id, err: String(err) }, 'early plates not read');
    }
  }

  stats() {
    return {
      ...this.#recogniser.stats(),
      analysed: this.#analysed,
      pictures: this.#pictureCount,
      vehicles: this.#vehicles,
    };
  }

  /** Resolves when the events handed in so far are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size) await Promise.all(this.#pending);
  }

  close(): Promise<void> {
    return this.#recogniser.close();
  }

  async #analyse(e: EndedEvent): Promise<void> {
    if (!(await this.#repo.lprEnabled(e.uidd))) return;
    const pictures = await this.#pictures(e);
    if (!pictures.length) return;
    const job = this.#recogniser.read(pictures.map((p) => p.jpeg));
    if (!job) {
      this.#log.warn({ uidd: e.uidd, event: e.id }, 'plates queue full');
      return;
    }
    const r = await job;
    this.#pictureCount += pictures.length;
    const reads: TimedRead[] = r.pictures.flatMap((p) =>
      p.reads.map((read) => ({ atMs: pictures[p.picture]!.atMs, read, width: p.width, height: p.height })),
    );
    const vehicles = groupEventReads(reads);
    this.#analysed++;
    const write = this.#writes.then(() => this.#store(e, vehicles));
    this.#writes = write.catch(() => {});
    await write;
    this.#vehicles += vehicles.length;
    // Plate rules look at what was read; their failure costs the alert, never the records.
    if (vehicles.length)
      await this.#tellPlates(e, vehicles).catch((err: unknown) =>
        this.#log.warn({ uidd: e.uidd, event: e.id, err: String(err) }, 'plate rules not evaluated'),
      );
    if (vehicles.length)
      this.#log.info(
        { uidd: e.uidd, event: e.id, plates: vehicles.map((v) => v.best.read.plate) },
        'plates read',
      );
  }

  async #tellPlates(e: { id: string; uidd: Uidd }, vehicles: readonly EventVehicle[]): Promise<void> {
    if (!this.#onPlates || !this.#lists) return;
    const plates = vehicles.map((v) => v.best.read.plate);
    const verdicts = await this.#lists.verdicts(e.uidd.split('.')[0]!, plates);
    await this.#onPlates({
      uidd: e.uidd,
      eventId: e.id,
      vehicles: vehicles.map(({ best }, i) => {
        const box = best.read.vehicle.box;
        const at: [number, number] | null =
          best.width && best.height ? [(box.x1 + box.x2) / 2 / best.width, box.y2 / best.height] : null;
        const { plate, confidence } = best.read;
        return { ...verdicts[i]!, plate, label: best.read.vehicle.label, confidence, atMs: best.atMs, at };
      }),
    });
  }

  async #pictures(e: EndedEvent): Promise<{ atMs: number; jpeg: Uint8Array }[]> {
    const out: { atMs: number; jpeg: Uint8Array }[] = [];
    for (const ms of sampleTimes(e.startMs, e.endMs)) {
      const k = await this.#keyframe(e.uidd, ms).catch(() => null);
      // Samples closer than a keyframe interval land on one keyframe: it is read once.
      if (k && !out.some((p) => p.atMs === k.atMs)) out.push(k);
    }
    if (out.length) return out;
    const stills = this.#stills.get(e.id) ?? [];
    return stills.map((jpeg, i) => ({ atMs: i === 0 ? e.startMs : e.endMs, jpeg }));
  }

  async #store(e: EndedEvent, vehicles: readonly EventVehicle[]): Promise<void> {
    const owner = e.uidd.split('.')[0]!;
    for (const v of vehicles) {
      const read = v.best.read;
      const recent = await this.#repo.recentSightings(e.uidd, v.firstMs - SIGHTING_WINDOW_MS);
      const refs = recent.map((s) => ({ id: s.id, plate: s.licence_plate, lastSeenMs: s.last_seen_ms }));
      const joined = sightingFor(read.plate, v.firstMs, refs);
      const row = recent.find((s) => s.id === joined?.id);
      const sightingId = row?.id ?? randomId();
      const better = !row || read.confidence > row.confidence;
      const fields = {
        licence_plate: read.plate,
        licence_plate_region: read.region,
        location: read.location,
        colour: read.colour,
        confidence: read.confidence,
      };
      if (!row)
        await this.#repo.insertSighting({
          id: sightingId,
          owner_uid: owner,
          camera_uidd: e.uidd,
          first_seen_ms: v.firstMs,
          last_seen_ms: v.lastMs,
          ...fields,
        });
      else
        await this.#repo.updateSighting(row.id, {
          first_seen_ms: Math.min(row.first_seen_ms, v.firstMs),
          last_seen_ms: Math.max(row.last_seen_ms, v.lastMs),
          ...(better ? fields : {}),
        });
      await this.#repo.insertRecord({
        id: randomId(),
        event_id: e.id,
        owner_uid: owner,
        camera_uidd: e.uidd,
        licence_plate: read.plate,
        licence_plate_region: read.region,
        confidence: read.confidence,
        still_time_ms: v.best.atMs,
        make: null,
        model: null,
        colour: read.colour,
        location: read.location,
        sighting_id: sightingId,
        created_at: this.#now(),
      });
    }
  }
}
