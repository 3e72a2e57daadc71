import type { LineCount } from '@vigil/contracts';

/** A local day ("YYYY-MM-DD") as the hours starting in it: [from, to) in epoch ms (23 or 25 hours on DST days). */
export function dayHours(day: string): { from: number; to: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).getTime(), to: new Date(y, m - 1, d + 1).getTime() };
}

/** Today as "YYYY-MM-DD" in local time (the date field's value). */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export interface LineTotals {
  areaId: string;
  name: string;
  in: number;
  out: number;
}

export interface HourRow extends LineTotals {
  hourStart: number;
}

/** People (the `person` class) per line and hour, oldest hour first, lines by name within an hour. */
export function hourRows(counts: readonly LineCount[]): HourRow[] {
  const rows = new Map<string, HourRow>();
  for (const c of counts) {
    if (c.objectClass !== 'person') continue;
    const key = `${c.hourStart}|${c.areaId}`;
    const row = rows.get(key) ?? {
      hourStart: c.hourStart,
      areaId: c.areaId,
      name: c.areaName,
      in: 0,
      out: 0,
    };
    row[c.direction] += c.count;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.hourStart - b.hourStart || a.name.localeCompare(b.name));
}

/** People per line over the rows' hours, lines by name. */
export function lineTotals(rows: readonly HourRow[]): LineTotals[] {
  const lines = new Map<string, LineTotals>();
  for (const r of rows) {
    const line = lines.get(r.areaId) ?? { areaId: r.areaId, name: r.name, in: 0, out: 0 };
    line.in += r.in;
    line.out += r.out;
    lines.set(r.areaId, line);
  }
  return [...lines.values()].sort((a, b) => a.name.localeCompare(b.name));
}
