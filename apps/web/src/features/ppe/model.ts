import type { PpeItem, PpeViolation, PpeZoneCount } from '@vigil/contracts';

const DAY_MS = 86_400_000;

/** A date input's value (YYYY-MM-DD, local) of an instant. */
export function dateValue(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** From the start of the first day to the end of the last (local time); an inverted range is put right. */
export function daysRange(from: string, to: string): { startt: number; endt: number } {
  const start = (s: string) => new Date(`${s}T00:00:00`).getTime();
  const [a, b] = [start(from), start(to)].sort((x, y) => x - y) as [number, number];
  return { startt: a, endt: b + DAY_MS - 1 };
}

export interface ZoneRow {
  key: string;
  camera: string;
  zone: string | null;
  helmet: number;
  vest: number;
  total: number;
}

/** The per-zone summary: most violations first, then by camera and zone name. */
export function zoneRows(counts: readonly PpeZoneCount[], cameraName: (uidd: string) => string): ZoneRow[] {
  return counts
    .map((c) => ({
      key: `${c.uidd}|${c.zoneId ?? ''}`,
      camera: cameraName(c.uidd),
      zone: c.zoneName,
      helmet: c.helmet,
      vest: c.vest,
      total: c.total,
    }))
    .sort(
      (a, b) =>
        b.total - a.total || a.camera.localeCompare(b.camera) || (a.zone ?? '').localeCompare(b.zone ?? ''),
    );
}

/** What a violation misses, in the screen's words (the caller's translations), joined. */
export function missingText(v: Pick<PpeViolation, 'missing'>, name: (item: PpeItem) => string): string {
  return v.missing.map(name).join(', ');
}

/** A confidence as a whole percentage. */
export const percent = (c: number): string => `${Math.round(c * 100)} %`;
