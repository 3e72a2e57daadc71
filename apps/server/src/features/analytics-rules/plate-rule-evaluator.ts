import { editDistance, type Point, pointInPolygon } from '@vigil/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { AnalyticsRulesRepository } from './analytics-rules-repository.ts';
import { toArea } from './areas-service.ts';
import type { RuleAlert } from './rule-evaluator.ts';
import { scheduleActive, wallClock } from './rule-geometry.ts';
import { toRule } from './rules-service.ts';

/** An event's vehicles as the plate reader saw them, with what the owner's watch-lists say of each plate. */
export interface SeenPlates {
  uidd: string;
  eventId: string;
  timezoneName: string;
  vehicles: readonly {
    plate: string;
    label: string;
    confidence: number;
    atMs: number;
    /** Where the vehicle stood, 0..1 of the picture; null: unknown (it then stands in no zone). */
    at: [number, number] | null;
    denied: boolean;
    allowed: boolean;
  }[];
}

/** Alerts remembered so that an event's later read of a plate does not alert again (decision 0797). */
const ALERTS_REMEMBERED = 2048;

/**
 * Plate rules (decision 0796): each enabled `plateDenied` rule alerts for a vehicle of its class standing in its
 * zone whose plate is on the account's deny list, each `plateNotAllowed` rule for one whose plate is not on the
 * allow list, in the rule's schedule at the time the plate was read; once per rule, event and plate — an event
 * is evaluated when it starts and again when it ends (0797), and a plate one character off the one already
 * alerted for counts as the same plate (a misread of the same vehicle, as sightings group them).
 */
export class PlateRuleEvaluator {
  readonly #repo: AnalyticsRulesRepository;
  readonly #bus: Pick<RealtimeBus, 'publish'>;
  readonly #log: FastifyBaseLogger;
  /** Per event and rule, the plates already alerted for; oldest forgotten first. */
  readonly #alerted = new Map<string, string[]>();
  constructor(d: {
    repo: AnalyticsRulesRepository;
    bus: Pick<RealtimeBus, 'publish'>;
    log: FastifyBaseLogger;
  }) {
    this.#repo = d.repo;
    this.#bus = d.bus;
    this.#log = d.log;
  }

  async evaluate(s: SeenPlates): Promise<RuleAlert[]> {
    const rules = (await this.#repo.enabledRules(s.uidd))
      .map(toRule)
      .filter((r) => r.event === 'plateDenied' || r.event === 'plateNotAllowed');
    if (rules.length === 0) return [];
    const zones = new Map((await this.#repo.areas(s.uidd)).map((a) => [a.id, toArea(a)]));
    const alerts: RuleAlert[] = [];
    for (const rule of rules) {
      const zone = zones.get(rule.areaId);
      if (zone?.kind !== 'zone') continue;
      for (const v of s.vehicles) {
        const listed = rule.event === 'plateDenied' ? v.denied : !v.allowed;
        if (!listed || v.label !== rule.objectClass || !v.at) continue;
        if (!pointInPolygon(v.at, zone.points as Point[])) continue;
        if (!scheduleActive(rule.schedule, wallClock(v.atMs, s.timezoneName))) continue;
        if (!this.#first(`${s.eventId}|${rule.id}`, v.plate)) continue;
        alerts.push({
          uidd: s.uidd,
          id: s.eventId,
          ruleId: rule.id,
          ruleName: rule.name,
          areaName: zone.name,
          objectClass: rule.objectClass,
          confidence: v.confidence,
          notify: rule.notify,
          plate: v.plate,
        });
      }
    }
    for (const data of alerts) {
      this.#bus.publish({ type: 'ruleAlert', data });
      this.#log.info({ uidd: s.uidd, event: s.eventId, rule: data.ruleId }, 'plate rule matched');
    }
    return alerts;
  }

  /** Whether the plate is new to this event and rule (and remembers it). */
  #first(key: string, plate: string): boolean {
    const plates = this.#alerted.get(key) ?? [];
    if (plates.some((p) => editDistance(p, plate) <= 1)) return false;
    this.#alerted.set(key, [...plates, plate]);
    if (this.#alerted.size > ALERTS_REMEMBERED) this.#alerted.delete(this.#alerted.keys().next().value!);
    return true;
  }
}
