import {
  ANALYTICS_AREA_MAX_NODES,
  type AnalyticsAreaKind,
  areaShapeProblem,
  type Point,
} from '@vigil/contracts';

/** How far an arrow key moves a node: 1 % of the picture, 10 % with Shift. */
export const NODE_STEP = 0.01;
export const NODE_BIG_STEP = 0.1;

const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;

/** Where a pointer is on the picture, in 0..1 picture coordinates (to 1/1000). */
export function picturePoint(
  box: DOMRectReadOnly | { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Point {
  return [clamp((clientX - box.left) / box.width), clamp((clientY - box.top) / box.height)];
}

/** The nodes with node `i` moved by (dx, dy), kept on the picture. */
export function moveNode(points: readonly Point[], i: number, dx: number, dy: number): Point[] {
  return points.map((p, k) => (k === i ? [clamp(p[0] + dx), clamp(p[1] + dy)] : p));
}

/** The move an arrow key asks for, or null for any other key. */
export function arrowMove(key: string, shift: boolean): [number, number] | null {
  const s = shift ? NODE_BIG_STEP : NODE_STEP;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-s, 0],
    ArrowRight: [s, 0],
    ArrowUp: [0, -s],
    ArrowDown: [0, s],
  };
  return moves[key] ?? null;
}

/**
 * A node added without a pointer (keyboard "Add node"): the first ones at fixed places, then half-way along the
 * last side (a line) or the closing side (a zone), where it changes no shape until it is moved with the arrows.
 */
export function addNode(kind: AnalyticsAreaKind, points: readonly Point[]): Point[] {
  const starts: Point[] =
    kind === 'line'
      ? [
          [0.3, 0.5],
          [0.7, 0.5],
        ]
      : [
          [0.3, 0.3],
          [0.7, 0.3],
          [0.5, 0.7],
        ];
  if (points.length >= ANALYTICS_AREA_MAX_NODES) return [...points];
  if (points.length < starts.length) return [...points, starts[points.length]!];
  const last = points.at(-1)!;
  const other = kind === 'line' ? points.at(-2)! : points[0]!;
  const mid: Point = [clamp((last[0] + other[0]) / 2), clamp((last[1] + other[1]) / 2)];
  return kind === 'line' ? [...points.slice(0, -1), mid, last] : [...points, mid];
}

/** The text key of why an area cannot be saved yet, or null (the shape rules are the server's: contracts). */
export function areaProblemKey(
  kind: AnalyticsAreaKind,
  name: string,
  points: readonly Point[],
): string | null {
  if (!name.trim()) return 'analyticsAreas.problems.name';
  const p = areaShapeProblem(kind, points);
  if (!p) return null;
  if (p.includes('at least')) return `analyticsAreas.problems.few.${kind}`;
  if (p.includes('at most')) return 'analyticsAreas.problems.many';
  return 'analyticsAreas.problems.shape';
}
