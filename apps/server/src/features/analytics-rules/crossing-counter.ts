import { type AnalyticsArea, type AnalyticsRule, RULE_OBJECT_CLASSES } from '@vigil/contracts';
import { type CountLine, crossings, pictureBox, type Track, Tracker } from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { AnalyticsRulesRepository } from './analytics-rules-repository.ts';
import { toArea } from './areas-service.ts';
import type { LineCountsRepository } from './line-counts-repository.ts';
import type { RuleAlert } from './rule-evaluator.ts';
import { jpegSize, scheduleActive, wallClock } from './rule-geometry.ts';
import { toRule } from './rules-service.ts';

/** One of a camera's consecutive pictures while motion lasts, with what the recogniser found in it. */
export interface TrackedPicture {
  uidd: string;
  /** The open motion event the picture belongs to (the alert names it). */
  eventId: string;
  /** When the picture was taken (the keyframe's wall clock): tracks' times and the count's hour. */
  atMs: number;
  timezoneName: string;
  still: Uint8Array;
  detections: readonly { label: string; confidence: number; box: [number, number, number, number] }[];
}

const HOUR_MS = 3_600_000;
const COUNTED = new Set<string>(RULE_OBJECT_CLASSES);
/** Keys remembered per camera (a track's crossings, a track's alerts): the oldest go first past this. */
const MEMORY = 2_000;
const PICTURE = { x1: 0, y1: 0, x2: 1, y2: 1 };

interface CameraTracks {
  trackers: Map<string, Tracker>;
  /** `<class>|<track>|<line>|<direction>` counted, `<class>|<track>|<rule>` alerted. */
  done: Set<string>;
  /** The last picture's context: where the tracks still predicted out of the picture at quiet time count. */
  last?: { p: TrackedPicture; lines: AnalyticsArea[]; rules: AnalyticsRule[] };
}

/** A count line's segments, one after another (a line may have up to 12 nodes). */
const segments = (area: AnalyticsArea): CountLine[] =>
  area.points.slice(1).map((b, i) => {
    const a = area.points[i]!;
    return { a: { x: a[0], y: a[1] }, b: { x: b[0], y: b[1] } };
  });

/**
 * People counting and crossing rules (decision 0794): the detections of a camera's consecutive pictures go
 * through one tracker per object class (decision 0793's IoU tracker, boxes in 0..1 of the picture); each step of a
 * track that crosses a count line counts once per track, line and direction in that hour, and each enabled
 * crossing rule of the line, class and direction, in its schedule, alerts once per track (`ruleAlert`).
 */
export class CrossingCounter {
  readonly #repo: AnalyticsRulesRepository;
  readonly #counts: LineCountsRepository;
  readonly #bus: Pick<RealtimeBus, 'publish'>;
  readonly #log: FastifyBaseLogger;
  readonly #cameras = new Map<string, CameraTracks>();
  constructor(d: {
    repo: AnalyticsRulesRepository;
    counts: LineCountsRepository;
    bus: Pick<RealtimeBus, 'publish'>;
    log: FastifyBaseLogger;
  }) {
    this.#repo = d.repo;
    this.#counts = d.counts;
    this.#bus = d.bus;
    this.#log = d.log;
  }

  /** Whether the camera has a count line: only then are its pictures looked at while motion lasts. */
  async wants(uidd: string): Promise<boolean> {
    return (await this.#repo.areas(uidd)).some((a) => a.kind === 'line');
  }

  /**
   * Motion is over: the camera's tracks end (the next motion starts new ones). A track whose prediction has by now
   * left the picture across a count line counts that crossing (decision 0890): with pictures seconds apart a
   * walker may be seen only on one side of the line before walking out.
   */
  async quiet(uidd: string, nowMs = Date.now()): Promise<void> {
    const cam = this.#cameras.get(uidd);
    this.#cameras.delete(uidd);
    if (!cam?.last) return;
    const { p, lines, rules } = cam.last;
    try {
      for (const [label, tracker] of cam.trackers)
        await this.#steps(cam, { ...p, atMs: nowMs }, label, lines, rules, tracker.finish(nowMs), []);
    } catch (err) {
      // Called when motion ends, with nobody to wait for it: a failed count is logged, never thrown.
      this.#log.warn({ uidd, err: String(err) }, 'crossings at motion end not counted');
    }
  }

  async picture(p: TrackedPicture): Promise<RuleAlert[]> {
    const size = jpegSize(p.still);
    const lines = (await this.#repo.areas(p.uidd)).map(toArea).filter((a) => a.kind === 'line');
    if (!size || lines.length === 0) return [];
    const rules = (await this.#repo.enabledRules(p.uidd)).map(toRule).filter((r) => r.event === 'crossing');
    const cam: CameraTracks = this.#cameras.get(p.uidd) ?? { trackers: new Map(), done: new Set() };
    this.#cameras.set(p.uidd, cam);
    cam.last = { p, lines, rules };
    const alerts: RuleAlert[] = [];
    const classes = new Set([...cam.trackers.keys(), ...p.detections.map((d) => d.label)]);
    for (const label of classes) {
      if (!COUNTED.has(label)) continue;
      // Boxes in 0..1 of the picture: a track predicted out of it has walked out (decision 0890).
      const tracker = cam.trackers.get(label) ?? new Tracker({ frame: PICTURE });
      cam.trackers.set(label, tracker);
      const boxes = p.detections
        .filter((d) => d.label === label)
        .map((d) => pictureBox(d.box, size))
        .map(([x1, y1, x2, y2]) => ({ x1, y1, x2, y2 }));
      const live = tracker.update(boxes, p.atMs);
      // Ended tracks counted as they crossed, but for a last step to where they were predicted to walk out.
      const ended = tracker.takeEnded().filter((tr) => tr.path.at(-1)!.predicted);
      await this.#steps(cam, p, label, lines, rules, [...live, ...ended], alerts);
    }
    for (const data of alerts) {
      this.#bus.publish({ type: 'ruleAlert', data });
      this.#log.info({ uidd: p.uidd, event: p.eventId, rule: data.ruleId }, 'crossing rule matched');
    }
    return alerts;
  }

  /** Counts the tracks' last steps (those ending at `p.atMs`) across count lines, once per track, line and direction. */
  async #steps(
    cam: CameraTracks,
    p: TrackedPicture,
    label: string,
    lines: AnalyticsArea[],
    rules: AnalyticsRule[],
    tracks: readonly Track[],
    alerts: RuleAlert[],
  ): Promise<void> {
    for (const track of tracks) {
      const step = track.path.slice(-2);
      if (step.length < 2 || step[1]!.t !== p.atMs) continue;
      for (const line of lines) {
        const crossed = segments(line).flatMap((s) => crossings(s, step));
        for (const { direction } of crossed.slice(0, 1)) {
          const key = `${label}|${track.id}|${line.id}|${direction}`;
          if (this.#once(cam, key)) await this.#count(p, line.id, label, direction);
          const matching = rules.filter(
            (r) =>
              r.areaId === line.id &&
              r.objectClass === label &&
              (r.direction === 'both' || r.direction === direction),
          );
          for (const rule of matching) {
            if (!scheduleActive(rule.schedule, wallClock(p.atMs, p.timezoneName))) continue;
            if (this.#once(cam, `${label}|${track.id}|${rule.id}`)) alerts.push(alertOf(p, rule, line));
          }
        }
      }
    }
  }

  #once(cam: CameraTracks, key: string): boolean {
    if (cam.done.has(key)) return false;
    cam.done.add(key);
    // A Set iterates in insertion order: the oldest key goes first.
    if (cam.done.size > MEMORY) cam.done.delete(cam.done.values().next().value!);
    return true;
  }

  async #count(p: TrackedPicture, areaId: string, label: string, direction: 'in' | 'out'): Promise<void> {
    const hour_start = Math.floor(p.atMs / HOUR_MS) * HOUR_MS;
    await this.#counts.add({ uidd: p.uidd, area_id: areaId, object_class: label, direction, hour_start });
  }
}

function alertOf(p: TrackedPicture, rule: AnalyticsRule, line: AnalyticsArea): RuleAlert {
  return {
    uidd: p.uidd,
    id: p.eventId,
    ruleId: rule.id,
    ruleName: rule.name,
    areaName: line.name,
    objectClass: rule.objectClass,
    confidence: Math.max(
      0,
      ...p.detections.filter((d) => d.label === rule.objectClass).map((d) => d.confidence),
    ),
    notify: rule.notify,
  };
}
