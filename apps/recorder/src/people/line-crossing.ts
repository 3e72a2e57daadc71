/**
 * Counting crossings of a count line (decision 0793): a track crosses when two consecutive centres of its path lie
 * on opposite sides of the line and the step between them meets the segment itself (not its extension). The
 * direction is by side: 'in' from the line's left to its right (walking from a to b, left is the left hand), 'out'
 * the other way. A track counts each crossing; wobbling on the line counts in and out, which cancel in occupancy.
 */
export interface Point {
  x: number;
  y: number;
}

export interface CountLine {
  a: Point;
  b: Point;
}

export interface Crossing {
  direction: 'in' | 'out';
  t: number;
}

/** > 0: p is left of a→b (in picture coordinates, y down, "left" as seen walking from a to b); < 0 right. */
function side(l: CountLine, p: Point): number {
  return (l.b.x - l.a.x) * (p.y - l.a.y) - (l.b.y - l.a.y) * (p.x - l.a.x);
}

/** A point on the line counts on its negative side: a centre landing exactly on it crosses once, not twice or never. */
const sgn = (v: number) => (v > 0 ? 1 : -1);

/** Whether the step p→q crosses the line's segment a→b. */
function meets(l: CountLine, p: Point, q: Point): boolean {
  const m = { a: p, b: q };
  return sgn(side(l, p)) !== sgn(side(l, q)) && sgn(side(m, l.a)) !== sgn(side(m, l.b));
}

export function crossings(line: CountLine, path: readonly (Point & { t: number })[]): Crossing[] {
  const out: Crossing[] = [];
  for (let i = 1; i < path.length; i++) {
    const p = path[i - 1]!;
    const q = path[i]!;
    if (!meets(line, p, q)) continue;
    // Left to right of a→b in screen coordinates (y down) is a negative-to-positive change of `side`.
    out.push({ direction: sgn(side(line, p)) < 0 ? 'in' : 'out', t: q.t });
  }
  return out;
}
