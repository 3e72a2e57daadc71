const HOUR_MS = 3_600_000;

/** Events per camera per hour of the day that starts at dayStart (local midnight); hours are 0..23. */
export function hourlyCounts(
  events: readonly { cameraUidd: string; startTime: number }[],
  dayStart: number,
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const e of events) {
    // Local hours: a day with a clock change has 23 or 25; the hour is read from the clock.
    const h = e.startTime >= dayStart ? new Date(e.startTime).getHours() : -1;
    if (h < 0 || e.startTime >= dayStart + 25 * HOUR_MS) continue;
    const row = out.get(e.cameraUidd) ?? Array<number>(24).fill(0);
    row[h]! += 1;
    out.set(e.cameraUidd, row);
  }
  return out;
}

/** The tallest stacked bar: the y axis's top, rounded up to a readable step. */
export function axisTop(rows: Iterable<number[]>): number {
  const totals = Array<number>(24).fill(0);
  for (const r of rows) for (let h = 0; h < 24; h++) totals[h]! += r[h] ?? 0;
  const max = Math.max(1, ...totals);
  const step = max <= 5 ? 1 : max <= 20 ? 5 : 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

/** Distinct, colour-blind-friendly colours for the cameras' series (Okabe–Ito, then repeated darker). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];
export const seriesColour = (i: number): string => PALETTE[i % PALETTE.length]!;
