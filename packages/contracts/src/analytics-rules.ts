import { z } from 'zod';
import { Uidd } from './ids.ts';
import { type Point, polygonArea, segmentsIntersect, zoneOutlineProblem } from './motion.ts';
import { DaysOfWeek, LocalTime } from './schedules.ts';

/**
 * Analytics areas and alert rules (spec 001 §3 detection zones, §5 zone rules, §7 Analytics rules; decision 0704).
 * An area is a zone (a polygon) or a count line (a polyline crossed in a direction), in picture coordinates
 * normalised to 0..1 (x right, y down) like motion zones (decision 0551). A rule says which object class, seen in
 * which area or crossing which line, when, makes an alert.
 */

/** The most nodes an area may have (spec 001 §5 names a maximum without its value): the motion zones' 12. */
export const ANALYTICS_AREA_MAX_NODES = 12;
/** The most areas, and rules, a camera may have. */
export const ANALYTICS_AREAS_MAX = 16;
export const ANALYTICS_RULES_MAX = 32;
export const ANALYTICS_NAME_MAX = 40;

export const ANALYTICS_AREA_KINDS = ['zone', 'line'] as const;
export const AnalyticsAreaKind = z.enum(ANALYTICS_AREA_KINDS);
export type AnalyticsAreaKind = z.infer<typeof AnalyticsAreaKind>;

/**
 * The object classes a rule may watch for: recognition labels (decision 0555, COCO's names) that a surveillance
 * alert is about.
 */
export const RULE_OBJECT_CLASSES = [
  'person',
  'car',
  'truck',
  'bus',
  'motorcycle',
  'bicycle',
  'dog',
  'cat',
  'bird',
  'horse',
] as const;
export const RuleObjectClass = z.enum(RULE_OBJECT_CLASSES);

export const RULE_EVENTS = ['presence', 'crossing', 'plateDenied', 'plateNotAllowed'] as const;
/** The classes a plate rule may watch: the vehicles whose plates are read (decision 0790). */
export const PLATE_RULE_CLASSES = ['car', 'truck', 'bus', 'motorcycle'] as const;

/** Whether a count line's sides other than neighbours meet, or a side folds back on the one before it. */
function polylineProblem(points: readonly Point[]): string | null {
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    if (a[0] === b[0] && a[1] === b[1]) return 'two nodes are at the same place';
    for (let j = i + 2; j + 1 < points.length; j++)
      if (segmentsIntersect(a, b, points[j]!, points[j + 1]!)) return 'the line crosses itself';
    const c = points[i + 2];
    if (c) {
      const turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
      const back = (a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1]);
      if (turn === 0 && back > 0) return 'the line folds back on itself';
    }
  }
  return null;
}

/** Why an area's shape cannot be saved, or null: a zone is a simple polygon of 3+ corners, a line 2+ nodes. */
export function areaShapeProblem(kind: AnalyticsAreaKind, points: readonly Point[]): string | null {
  if (points.length > ANALYTICS_AREA_MAX_NODES)
    return `an area has at most ${ANALYTICS_AREA_MAX_NODES} nodes`;
  if (points.some(([x, y]) => !(x >= 0 && x <= 1 && y >= 0 && y <= 1)))
    return 'points are between 0 and 1 of the picture';
  if (kind === 'line') return points.length < 2 ? 'a line needs at least 2 nodes' : polylineProblem(points);
  if (points.length < 3) return 'a zone needs at least 3 corners';
  const outline = zoneOutlineProblem(points);
  if (outline) return outline;
  return polygonArea(points) < 1e-4 ? 'zone is too small' : null;
}

/** Whether two count lines meet anywhere (spec 001 §5: lines must not overlap). */
export function linesMeet(a: readonly Point[], b: readonly Point[]): boolean {
  for (let i = 0; i + 1 < a.length; i++)
    for (let j = 0; j + 1 < b.length; j++)
      if (segmentsIntersect(a[i]!, a[i + 1]!, b[j]!, b[j + 1]!)) return true;
  return false;
}

/** Whether a point is inside a polygon (even-odd, as motion zones are rasterised). */
export function pointInPolygon(p: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const Coordinate = z.number().min(0).max(1);
const Points = z
  .array(z.tuple([Coordinate, Coordinate]))
  .min(2)
  .max(ANALYTICS_AREA_MAX_NODES);
const Name = z.string().trim().min(1, 'is required').max(ANALYTICS_NAME_MAX);
const Id = z.string().min(1).max(40);

export const AnalyticsAreaInput = z
  .strictObject({ name: Name, kind: AnalyticsAreaKind, points: Points })
  .superRefine((a, ctx) => {
    const problem = areaShapeProblem(a.kind, a.points);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['points'] });
  });
export type AnalyticsAreaInput = z.infer<typeof AnalyticsAreaInput>;

export const AnalyticsArea = z.object({
  id: z.string(),
  uidd: Uidd,
  name: z.string(),
  kind: AnalyticsAreaKind,
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type AnalyticsArea = z.infer<typeof AnalyticsArea>;

/** When a rule is active, in the camera's time zone; `to` at or before `from` runs past midnight. */
export const RuleSchedule = z.strictObject({ days: DaysOfWeek, from: LocalTime, to: LocalTime });
export type RuleSchedule = z.infer<typeof RuleSchedule>;

/** 'in': from the left of a line's direction (first node to last) to its right, on screen; 'out' the other way. */
export const CrossingDirection = z.enum(['in', 'out', 'both']);

const RuleFields = {
  name: Name,
  areaId: Id,
  objectClass: RuleObjectClass,
  /**
   * presence: the object is seen inside a zone; crossing: it crosses a count line; plateDenied: a vehicle in the
   * zone has a plate of the account's deny list; plateNotAllowed: one not on its allow list (decision 0796).
   */
  event: z.enum(RULE_EVENTS),
  /** Crossing rules only. */
  direction: CrossingDirection.nullable(),
  /** null: always. */
  schedule: RuleSchedule.nullable(),
  /** Whether the alert is also notified (e-mail, push) once notifications are built. */
  notify: z.boolean(),
  enabled: z.boolean(),
};

export const AnalyticsRuleInput = z.strictObject({
  ...RuleFields,
  direction: RuleFields.direction.default(null),
  schedule: RuleFields.schedule.default(null),
  notify: RuleFields.notify.default(true),
  enabled: RuleFields.enabled.default(true),
});
export type AnalyticsRuleInput = z.infer<typeof AnalyticsRuleInput>;

export const AnalyticsRule = z.object({ id: z.string(), uidd: Uidd, ...RuleFields });
export type AnalyticsRule = z.infer<typeof AnalyticsRule>;

/** GET /analytics/areas and GET /analytics/alerts/rules: param uidd (spec 001 §7). */
export const AnalyticsQuery = z.strictObject({ uidd: Uidd });
export const AnalyticsAreasResponse = z.object({ uidd: Uidd, areas: z.array(AnalyticsArea) });
export type AnalyticsAreasResponse = z.infer<typeof AnalyticsAreasResponse>;
export const AnalyticsRulesResponse = z.object({ uidd: Uidd, rules: z.array(AnalyticsRule) });
export type AnalyticsRulesResponse = z.infer<typeof AnalyticsRulesResponse>;

/** POST /analytics/alerts/rules: body uidd, rule. */
export const CreateRuleBody = z.strictObject({ uidd: Uidd, rule: AnalyticsRuleInput });
/** PATCH /analytics/alerts/rules: body uidd, ruleIdsToUpdate, rule (the fields to change, applied to each). */
export const PatchRulesBody = z.strictObject({
  uidd: Uidd,
  ruleIdsToUpdate: z.array(Id).min(1).max(ANALYTICS_RULES_MAX),
  rule: z
    .strictObject(RuleFields)
    .partial()
    .refine((r) => Object.keys(r).length > 0, 'nothing to change'),
});
export type PatchRulesBody = z.infer<typeof PatchRulesBody>;
/** DELETE /analytics/alerts/rules?uidd=: body rules (their ids). */
export const DeleteRulesBody = z.strictObject({ rules: z.array(Id).min(1).max(ANALYTICS_RULES_MAX) });

/** Areas' writes mirror the rules' (the spec names only their read; decision 0704). */
export const CreateAreaBody = z.strictObject({ uidd: Uidd, area: AnalyticsAreaInput });
export const PatchAreaBody = z.strictObject({
  uidd: Uidd,
  areaIdsToUpdate: z.array(Id).length(1),
  area: z
    .strictObject({ name: Name, points: Points })
    .partial()
    .refine((a) => Object.keys(a).length > 0, 'nothing to change'),
});
export type PatchAreaBody = z.infer<typeof PatchAreaBody>;
export const DeleteAreasBody = z.strictObject({ areas: z.array(Id).min(1).max(ANALYTICS_AREAS_MAX) });
