import { z } from 'zod';
import { MOTION_SENSITIVITY_MAX, MOTION_SENSITIVITY_MIN } from './constants.ts';
import { Uidd } from './ids.ts';

/**
 * Camera motion settings (spec 001 §3, §5): sensitivity 1..10, detection zones, record-on-motion.
 * Zones are polygons in picture coordinates normalised to 0..1 (x right, y down), so they survive a change of
 * resolution. No zone means the whole picture. Decision 0551.
 */

/** The most corners a zone may have (the spec names a maximum without its value). */
export const MOTION_ZONE_MAX_NODES = 12;
/** The most zones a camera may have. */
export const MOTION_ZONES_MAX = 8;
export const MOTION_ZONE_NAME_MAX = 40;

export type Point = readonly [number, number];

const cross = (o: Point, a: Point, b: Point): number =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: Point, a: Point, b: Point): boolean =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);

/** Whether segments ab and cd share any point (crossing, touching or overlapping along a line). */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  );
}

/**
 * Why a zone's outline is not a simple polygon ("zone lines must not overlap", spec 001 §5), or null. Two sides that
 * do not follow each other must not meet; two that do must meet only at their shared corner (no folding back).
 */
export function zoneOutlineProblem(points: readonly Point[]): string | null {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    if (a[0] === b[0] && a[1] === b[1]) return 'two corners are at the same place';
    for (let j = i + 1; j < n; j++) {
      const c = points[j]!;
      const d = points[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Sides that follow each other share one corner; they overlap only when they fold back on one line.
        const shared = j === i + 1 ? b : a;
        const p = j === i + 1 ? a : b;
        const q = j === i + 1 ? d : c;
        if (
          cross(shared, p, q) === 0 &&
          (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1]) > 0
        )
          return 'zone lines overlap';
        continue;
      }
      if (segmentsIntersect(a, b, c, d)) return 'zone lines cross';
    }
  }
  return null;
}

/** Area of a polygon (shoelace), in squared normalised units. */
export function polygonArea(points: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    s += x1 * y2 - x2 * y1;
  }
  return Math.abs(s) / 2;
}

const Coordinate = z.number().min(0).max(1);

export const MotionZone = z
  .strictObject({
    name: z.string().trim().min(1, 'is required').max(MOTION_ZONE_NAME_MAX),
    points: z
      .array(z.tuple([Coordinate, Coordinate]))
      .min(3, 'a zone needs at least 3 corners')
      .max(MOTION_ZONE_MAX_NODES, `a zone has at most ${MOTION_ZONE_MAX_NODES} corners`),
  })
  .superRefine((zone, ctx) => {
    const problem = zoneOutlineProblem(zone.points);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['points'] });
    else if (polygonArea(zone.points) < 1e-4)
      ctx.addIssue({ code: 'custom', message: 'zone is too small', path: ['points'] });
  });
export type MotionZone = z.infer<typeof MotionZone>;

export const MotionZones = z
  .array(MotionZone)
  .max(MOTION_ZONES_MAX, `at most ${MOTION_ZONES_MAX} zones`)
  .superRefine((zones, ctx) => {
    const seen = new Set<string>();
    zones.forEach((z, i) => {
      const key = z.name.toLocaleLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: 'zone names must be unique', path: [i, 'name'] });
      seen.add(key);
    });
  });

export const MotionSensitivity = z.number().int().min(MOTION_SENSITIVITY_MIN).max(MOTION_SENSITIVITY_MAX);

export const MotionSettings = z.object({
  sensitivity: MotionSensitivity,
  zones: MotionZones,
  /** Record on motion: keep only the video around events (decision 0552). */
  rom: z.boolean(),
});
export type MotionSettings = z.infer<typeof MotionSettings>;

/** GET /cameras/motion/config?uidd= (spec 001 §7 `GET /cameras/{type}/config` with type motion). */
export const MotionConfigQuery = z.strictObject({ uidd: Uidd });
export const MotionConfigResponse = z.object({ uidd: z.string(), settings: MotionSettings });
export type MotionConfigResponse = z.infer<typeof MotionConfigResponse>;

/** PATCH /cameras/motion/config: body uidd, settings (any of the three). */
export const PatchMotionConfigBody = z.strictObject({
  uidd: Uidd,
  settings: z
    .strictObject({ sensitivity: MotionSensitivity, zones: MotionZones, rom: z.boolean() })
    .partial()
    .refine((s) => Object.keys(s).length > 0, 'nothing to change'),
});
export type PatchMotionConfigBody = z.infer<typeof PatchMotionConfigBody>;
