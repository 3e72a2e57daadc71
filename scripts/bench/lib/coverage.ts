/** Time intervals [from, to) in ms, for "how much of the time was recorded" in the chaos and soak benches. */
export type Interval = readonly [number, number];

/** Sorted, merged, without empty intervals. */
export function union(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([a, b]) => b > a).toSorted((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** `span` less the holes. */
export function subtract(span: Interval, holes: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let at = span[0];
  for (const [a, b] of union(holes)) {
    if (b <= at || a >= span[1]) continue;
    if (a > at) out.push([at, a]);
    at = Math.max(at, b);
  }
  if (at < span[1]) out.push([at, span[1]]);
  return out;
}

/** Total length of the overlap of two interval sets. */
export function overlapMs(a: readonly Interval[], b: readonly Interval[]): number {
  const ua = union(a);
  const ub = union(b);
  let total = 0;
  for (const [a0, a1] of ua)
    for (const [b0, b1] of ub) total += Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
  return total;
}

/** The parts of `span`, outside the outages, that no recorded interval covers. */
export function gaps(
  span: Interval,
  outages: readonly Interval[],
  recorded: readonly Interval[],
): Interval[] {
  return subtract(span, outages).flatMap((piece) => subtract(piece, recorded));
}

export interface Coverage {
  /** Seconds of `span` outside the outages: what should have been recorded. */
  expectedSec: number;
  /** Of those, seconds that recorded intervals cover. */
  recordedSec: number;
  /** recorded / expected, in percent (100 when nothing was expected). */
  pct: number;
}

/** How much of `span`, outside the outages, the recorded intervals cover. */
export function coverage(
  span: Interval,
  outages: readonly Interval[],
  recorded: readonly Interval[],
): Coverage {
  const expected = subtract(span, outages);
  const expectedMs = expected.reduce((s, [a, b]) => s + b - a, 0);
  const recordedMs = overlapMs(expected, recorded);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    expectedSec: r2(expectedMs / 1000),
    recordedSec: r2(recordedMs / 1000),
    pct: expectedMs === 0 ? 100 : Math.floor((recordedMs / expectedMs) * 100_000) / 1000,
  };
}
