import { type AnalyticsArea, type PpeItem, pointInPolygon, type RealtimeMessage } from '@vigil/contracts';
import {
  checkPpe,
  HELMET_MIN_SHARE,
  jpegSize,
  missingConfidence,
  pictureBox,
  type Rgb,
  VEST_MIN_SHARE,
} from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import { randomId } from '../../shared/random.ts';
import type { PpeRepository } from './ppe-repository.ts';

/** People the detector is less sure of than this are not judged (the labels' own threshold). */
export const PPE_MIN_PERSON_CONFIDENCE = 0.3;
/** Stills being decoded and judged at once; more are dropped and counted (PPE is never worth the ingest). */
export const PPE_QUEUE_CAPACITY = 4;
/** How many (event, zone, item) alerts are remembered, so later stills of one event do not alert again. */
const ALERTED_MEMORY = 2_000;

/** A still of a motion event with what the labels' detector found in it (features/labels' RecognisedStill). */
export interface PpeStill {
  uidd: string;
  eventId: string;
  still: Uint8Array;
  atMs?: number | undefined;
  detections: readonly { label: string; confidence: number; box: [number, number, number, number] }[];
}

type Zone = Pick<AnalyticsArea, 'id' | 'name' | 'points'>;
type Box = [number, number, number, number];

const round = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The PPE check on motion events (decision 0870): each still the labels' detector has looked at, of a camera with
 * PPE on, is decoded and every person standing (the bottom middle of the box) in a safety zone is judged by
 * colour; one without a hard hat or a vest is stored as a violation and announced as a `ruleAlert` once per event,
 * zone and item. Fire and forget, off the ingest path: at most PPE_QUEUE_CAPACITY stills at once, more dropped.
 */
export class PpeAnalyser {
  readonly #d: PpeAnalyserDeps;
  readonly #pending = new Set<Promise<void>>();
  readonly #alerted = new Set<string>();
  #judged = 0;
  #dropped = 0;
  #violations = 0;

  constructor(d: PpeAnalyserDeps) {
    this.#d = d;
  }

  stats() {
    return { judged: this.#judged, dropped: this.#dropped, violations: this.#violations };
  }

  picture(p: PpeStill): void {
    if (!p.detections.some((d) => d.label === 'person' && d.confidence >= PPE_MIN_PERSON_CONFIDENCE)) return;
    if (this.#pending.size >= PPE_QUEUE_CAPACITY) {
      this.#dropped++;
      return;
    }
    const job = this.#judge(p).catch((err: unknown) =>
      this.#d.log.warn({ uidd: p.uidd, event: p.eventId, err: String(err) }, 'PPE not checked'),
    );
    this.#pending.add(job);
    void job.finally(() => this.#pending.delete(job));
  }

  /** Resolves when the stills handed in so far are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size) await Promise.all(this.#pending);
  }

  async #judge(p: PpeStill): Promise<void> {
    const ids = await this.#d.repo.zonesIfEnabled(p.uidd);
    if (ids === null) return;
    const size = jpegSize(p.still);
    if (!size) return;
    const zones = (await this.#d.zonesOf(p.uidd)).filter((z) => !ids.length || ids.includes(z.id));
    // A camera with no zone (or none of its named ones left): its whole picture is the safety zone.
    const regions: (Zone | null)[] = zones.length ? zones : [null];
    const people = p.detections
      .filter((d) => d.label === 'person' && d.confidence >= PPE_MIN_PERSON_CONFIDENCE)
      .map((d) => ({ confidence: d.confidence, box: pictureBox(d.box, size) }))
      .map((d) => ({ ...d, in: regions.filter((z) => !z || inZone(d.box, z)) }))
      .filter((d) => d.in.length);
    if (!people.length) return;
    const rgb = await this.#d.decode(p.still);
    this.#judged++;
    const atMs = p.atMs ?? this.#d.now();
    for (const person of people) {
      const [x1, y1, x2, y2] = person.box;
      const verdict = checkPpe(rgb, {
        x1: x1 * rgb.width,
        y1: y1 * rgb.height,
        x2: x2 * rgb.width,
        y2: y2 * rgb.height,
      });
      if (!verdict || (verdict.helmet && verdict.vest)) continue;
      const missing: PpeItem[] = [];
      const sure: number[] = [];
      if (!verdict.helmet) {
        missing.push('helmet');
        sure.push(missingConfidence(person.confidence, verdict.helmetShare, HELMET_MIN_SHARE));
      }
      if (!verdict.vest) {
        missing.push('vest');
        sure.push(missingConfidence(person.confidence, verdict.vestShare, VEST_MIN_SHARE));
      }
      // A record is as sure as its least sure item.
      const confidence = Math.min(...sure);
      for (const zone of person.in) await this.#store(p, atMs, zone, person.box, missing, confidence);
    }
  }

  async #store(
    p: PpeStill,
    atMs: number,
    zone: Zone | null,
    box: Box,
    missing: PpeItem[],
    confidence: number,
  ) {
    await this.#d.repo.insertViolation({
      id: randomId(),
      owner_uid: p.uidd.split('.')[0]!,
      camera_uidd: p.uidd,
      event_id: p.eventId,
      still_time_ms: atMs,
      zone_id: zone?.id ?? null,
      zone_name: zone?.name ?? null,
      missing_helmet: missing.includes('helmet') ? 1 : 0,
      missing_vest: missing.includes('vest') ? 1 : 0,
      confidence,
      box: JSON.stringify(box.map(round)),
      created_at: this.#d.now(),
    });
    this.#violations++;
    this.#d.log.info({ uidd: p.uidd, event: p.eventId, zone: zone?.id, missing }, 'PPE violation');
    for (const item of missing) {
      const key = `${p.eventId} ${zone?.id ?? ''} ${item}`;
      if (this.#alerted.has(key)) continue;
      this.#alerted.add(key);
      if (this.#alerted.size > ALERTED_MEMORY) this.#alerted.delete(this.#alerted.values().next().value!);
      this.#d.bus.publish({
        type: 'ruleAlert',
        data: {
          uidd: p.uidd,
          id: p.eventId,
          ruleId: `ppe-${item}`,
          ruleName: item === 'helmet' ? 'No hard hat' : 'No high-visibility vest',
          areaName: zone?.name ?? '',
          objectClass: 'person',
          confidence,
          notify: true,
        },
      });
    }
  }
}

export interface PpeAnalyserDeps {
  repo: PpeRepository;
  zonesOf: (uidd: string) => Promise<Zone[]>;
  decode: (jpeg: Uint8Array) => Promise<Rgb>;
  bus: { publish: (m: RealtimeMessage) => void };
  log: FastifyBaseLogger;
  now: () => number;
}

/** Whether the bottom middle of a box (0..1 of the picture: where the person stands) is inside the zone. */
function inZone(box: Box, zone: Zone): boolean {
  return pointInPolygon([(box[0] + box[2]) / 2, box[3]], zone.points);
}
