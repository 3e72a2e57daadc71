import type { Order, OrderClip, OrderFilter } from '@vigil/contracts';
import { splitUidd, type Uidd } from '@vigil/contracts';

/** An amount in the currency's minor unit, as the language writes money (12,50 € / £12.50). */
export function money(minor: number, currency: string, language: string): string {
  const f = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}

/** What the list shows of an order's dispute: none, or its state. */
export const disputeOf = (o: Pick<Order, 'dispute'>): 'none' | 'open' | 'won' | 'lost' =>
  o.dispute?.status ?? 'none';

export const ORDER_STATUS_FILTERS: readonly ('all' | OrderFilter)[] = [
  'all',
  'none',
  'disputed',
  'open',
  'won',
  'lost',
];

/**
 * The HLS playlist of an order's clip, as the playback routes serve any camera and range (decision 0841); the end
 * is cut to now for an order of the last minutes. The playback feature has its own builder: features do not share.
 */
export function clipPlaylist(clip: OrderClip, nowMs: number): string {
  const { owner, deviceId } = splitUidd(clip.uidd as Uidd);
  const from = Math.floor(clip.startMs / 1000);
  const to = Math.ceil(Math.min(clip.endMs, nowMs) / 1000);
  return `/hls/${encodeURIComponent(owner)}/${encodeURIComponent(deviceId)}/${from}/${to}/index.m3u8`;
}

/** How long before the order the clip starts playing: the customer stepping up to the till. */
export const ORDER_LEAD_MS = 10_000;

/**
 * Where in the clip's media to start (seconds): `ORDER_LEAD_MS` before the order, by the playlist's program date-
 * times; the next recorded moment when that instant was not recorded; undefined (the start) when nothing says.
 */
export function orderStart(
  fragments: ReadonlyArray<{ start: number; duration: number; programDateTime: number | null }>,
  placedAt: number,
): number | undefined {
  const target = placedAt - ORDER_LEAD_MS;
  for (const f of fragments) {
    if (f.programDateTime === null) continue;
    const end = f.programDateTime + f.duration * 1000;
    if (target < f.programDateTime) return f.start;
    if (target < end) return f.start + (target - f.programDateTime) / 1000;
  }
  return undefined;
}
