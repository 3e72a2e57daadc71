import type { OrdersDashboard } from '@vigil/contracts';

const HOUR_MS = 3_600_000;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(tz: string): (ms: number) => string {
  // en-CA writes dates as YYYY-MM-DD.
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (ms) => f.format(ms);
}

/**
 * Orders placed and disputes opened per day of the zone in [from, to), and the range's disputes by state (those
 * opened in it), pure. Every day of the range is listed, with zeros, so a chart has no holes.
 */
export function ordersDashboard(
  rows: ReadonlyArray<{ placedAt: number; disputeStatus: string | null; disputeOpenedAt: number | null }>,
  fromMs: number,
  toMs: number,
  tz: string,
): OrdersDashboard {
  const day = dayIn(tz);
  const days = new Map<string, { day: string; orders: number; disputes: number }>();
  // Hour steps meet every day, even the 23- and 25-hour ones of a clock change.
  for (let t = fromMs; t < toMs; t += HOUR_MS) {
    const d = day(t);
    if (!days.has(d)) days.set(d, { day: d, orders: 0, disputes: 0 });
  }
  const lastDay = day(toMs - 1);
  if (!days.has(lastDay)) days.set(lastDay, { day: lastDay, orders: 0, disputes: 0 });
  const disputes = { open: 0, won: 0, lost: 0 };
  const inRange = (ms: number | null): ms is number => ms !== null && ms >= fromMs && ms < toMs;
  for (const r of rows) {
    if (inRange(r.placedAt)) {
      const d = days.get(day(r.placedAt));
      if (d) d.orders++;
    }
    if (inRange(r.disputeOpenedAt)) {
      const d = days.get(day(r.disputeOpenedAt));
      if (d) d.disputes++;
      if (r.disputeStatus === 'open' || r.disputeStatus === 'won' || r.disputeStatus === 'lost')
        disputes[r.disputeStatus]++;
    }
  }
  return { days: [...days.values()], disputes };
}
