import type { PlateSighting, VehicleCount } from '@vigil/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date input's value ('YYYY-MM-DD') for a time, in local time. */
export const dateValue = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** From the start of the first day to the end of the last, local time. */
export function dayRange(from: string, to: string): { startt: number; endt: number } {
  const [y1, m1, d1] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = to.split('-').map(Number) as [number, number, number];
  return { startt: new Date(y1, m1 - 1, d1).getTime(), endt: new Date(y2, m2 - 1, d2 + 1).getTime() - 1 };
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is prefixed with a
 * quote mark so a spreadsheet does not run it as a formula (camera names are the user's text).
 */
export function csvField(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const CSV_HEADER = [
  'plate',
  'region',
  'camera',
  'first_seen_utc',
  'last_seen_utc',
  'location',
  'colour',
  'confidence',
  'events',
];

/** The plate log as CSV (times in UTC, ISO 8601: unambiguous in any spreadsheet's locale). */
export function sightingsCsv(rows: readonly PlateSighting[], cameraName: (uidd: string) => string): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.licencePlate,
        r.licencePlateRegion,
        cameraName(r.uidd),
        new Date(r.firstSeen).toISOString(),
        new Date(r.lastSeen).toISOString(),
        r.location,
        r.colour,
        r.confidence.toFixed(2),
        r.eventIds.join(' '),
      ]
        .map(csvField)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

export type CountsBy = 'hour' | 'day';

/** A chart row: its label and one count per camera name. */
export type CountsRow = { label: string } & Record<string, number | string>;

/**
 * Vehicles per camera by local hour of the day (0–23, for a one-day range) or by local day: one row per bucket,
 * every camera in every row (0 where none).
 */
export function countRows(
  counts: readonly VehicleCount[],
  by: CountsBy,
  range: { startt: number; endt: number },
  names: ReadonlyMap<string, string>,
): CountsRow[] {
  const rows: CountsRow[] = [];
  const index = new Map<string, CountsRow>();
  const empty = (label: string) => {
    const row: CountsRow = { label };
    for (const name of names.values()) row[name] = 0;
    rows.push(row);
    index.set(label, row);
  };
  const labelOf = (ms: number) => (by === 'hour' ? `${pad(new Date(ms).getHours())}:00` : dateValue(ms));
  if (by === 'hour') for (let h = 0; h < 24; h++) empty(`${pad(h)}:00`);
  else
    for (let d = new Date(range.startt); d.getTime() <= range.endt; d.setDate(d.getDate() + 1))
      empty(dateValue(d.getTime()));
  for (const c of counts) {
    const row = index.get(labelOf(c.hourStart));
    const name = names.get(c.uidd);
    if (row && name !== undefined) row[name] = Number(row[name] ?? 0) + c.count;
  }
  return rows;
}
