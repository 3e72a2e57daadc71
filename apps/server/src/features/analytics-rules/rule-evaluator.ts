import { type Point, pointInPolygon, type RealtimeMessage } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { AnalyticsRulesRepository } from './analytics-rules-repository.ts';
import { toArea } from './areas-service.ts';
import { footPoint, jpegSize, scheduleActive, wallClock } from './rule-geometry.ts';
import { toRule } from './rules-service.ts';

/** An event picture the recogniser has looked at (features/labels hands them over). */
export interface RecognisedPicture {
  uidd: string;
  eventId: string;
  timezoneName: string;
  /** The JPEG the detections are of. */
  still: Uint8Array;
  detections: readonly { label: string; confidence: number; box: [number, number, number, number] }[];
}

/** How many (rule, event) pairs are remembered, so later pictures of one event do not alert again. */
const ALERTED_MEMORY = 2_000;

export type RuleAlert = Extract<RealtimeMessage, { type: 'ruleAlert' }>['data'];

/**
 * Alert rules on recognised pictures (decision 0704): each enabled presence rule of the camera, in its schedule,
 * whose object class stands inside its zone (the bottom middle of the box) makes one `ruleAlert` on the realtime
 * stream, with the best detection's confidence, once per rule and event. Crossing rules need tracks across pictures (the people counting
 * work, decision 0793): they are kept, not evaluated yet.
 */
export class RuleEvaluator {
  readonly #repo: AnalyticsRulesRepository;
  readonly #bus: Pick<RealtimeBus, 'publish'>;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  readonly #alerted = new Set<string>();
  constructor(d: {
    repo: AnalyticsRulesRepository;
    bus: Pick<RealtimeBus, 'publish'>;
    log: FastifyBaseLogger;
    now: () => number;
  }) {
    this.#repo = d.repo;
    this.#bus = d.bus;
    this.#log = d.log;
    this.#now = d.now;
  }

  async evaluate(p: RecognisedPicture): Promise<RuleAlert[]> {
    const rules = (await this.#repo.enabledRules(p.uidd)).map(toRule).filter((r) => r.event === 'presence');
    const size = rules.length > 0 ? jpegSize(p.still) : null;
    if (!size) return [];
    const zones = new Map((await this.#repo.areas(p.uidd)).map((a) => [a.id, toArea(a)]));
    const clock = wallClock(this.#now(), p.timezoneName);
    const alerts: RuleAlert[] = [];
    for (const rule of rules) {
      const zone = zones.get(rule.areaId);
      if (zone?.kind !== 'zone' || !scheduleActive(rule.schedule, clock)) continue;
      const inside = p.detections.filter(
        (d) => d.label === rule.objectClass && pointInPolygon(footPoint(d.box, size), zone.points as Point[]),
      );
      const key = `${rule.id}|${p.eventId}`;
      if (inside.length === 0 || this.#alerted.has(key)) continue;
      this.#remember(key);
      alerts.push({
        uidd: p.uidd,
        id: p.eventId,
        ruleId: rule.id,
        ruleName: rule.name,
        areaName: zone.name,
        objectClass: rule.objectClass,
        confidence: Math.max(...inside.map((d) => d.confidence)),
        notify: rule.notify,
      });
    }
    for (const data of alerts) {
      this.#bus.publish({ type: 'ruleAlert', data });
      this.#log.info({ uidd: p.uidd, event: p.eventId, rule: data.ruleId }, 'alert rule matched');
    }
    return alerts;
  }

  #remember(key: string): void {
    this.#alerted.add(key);
    // A Set iterates in insertion order: the oldest pair goes first.
    if (this.#alerted.size > ALERTED_MEMORY) this.#alerted.delete(this.#alerted.values().next().value!);
  }
}
