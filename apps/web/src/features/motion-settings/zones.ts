import '../../shared/i18n/motion.texts.ts';
import {
  MOTION_ZONE_MAX_NODES,
  MOTION_ZONES_MAX,
  type MotionZone,
  MotionZones,
  type Point,
  zoneOutlineProblem,
} from '@vigil/contracts';

export interface DraftZone {
  /** The editor's own key for the zone (not saved). */
  id: string;
  name: string;
  points: Point[];
}

let zoneIds = 0;
export const newZoneId = (): string => `zone-${++zoneIds}`;

/** Why a point cannot be added to a zone being drawn, or null. */
export function addPointProblem(points: readonly Point[], p: Point): string | null {
  if (points.length >= MOTION_ZONE_MAX_NODES) return 'motion.tooManyCorners';
  // The new side (last → p) and the closing side (p → first) must not cross the others.
  if (points.length >= 2 && zoneOutlineProblem([...points, p])) return 'motion.linesCross';
  return null;
}

/** The first problem of a set of zones for the form, as a text key, or null when they can be saved. */
export function zonesProblem(zones: readonly Omit<DraftZone, 'id'>[]): string | null {
  if (zones.length > MOTION_ZONES_MAX) return 'motion.tooManyZones';
  for (const z of zones) {
    if (!z.name.trim()) return 'motion.nameRequired';
    if (z.points.length < 3) return 'motion.tooFewCorners';
    if (zoneOutlineProblem(z.points)) return 'motion.linesCross';
  }
  const parsed = MotionZones.safeParse(zones.map((z) => ({ name: z.name, points: z.points })));
  if (!parsed.success)
    return parsed.error.issues.some((i) => i.message.includes('unique'))
      ? 'motion.namesUnique'
      : 'motion.invalidZone';
  return null;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** A point from a pointer position over the picture, in 0..1 picture coordinates (rounded to 1/1000). */
export const pointIn = (
  rect: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
): Point => [
  Math.round(clamp01((x - rect.left) / rect.width) * 1000) / 1000,
  Math.round(clamp01((y - rect.top) / rect.height) * 1000) / 1000,
];

export const toZones = (drafts: readonly Omit<DraftZone, 'id'>[]): MotionZone[] =>
  drafts.map((d) => ({ name: d.name.trim(), points: d.points.map(([x, y]) => [x, y] as [number, number]) }));
