/**
 * Wall-clock time in an IANA time zone, with nothing but Intl: the timeline and the pickers show the camera's (or
 * the chosen) zone, whatever the browser's is. Days are 'YYYY-MM-DD', times 'HH:mm'.
 */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(tz, f);
  }
  return f;
}

export function zonedParts(ms: number, tz: string): ZonedParts {
  const p = Object.fromEntries(
    format(tz)
      .formatToParts(ms)
      .map((x) => [x.type, Number(x.value)]),
  );
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** How far the zone's clock is ahead of UTC at that instant, ms. */
export function tzOffsetMs(ms: number, tz: string): number {
  const p = zonedParts(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time of the zone names: the earlier one when clocks go back and it happens twice, the
 * time after the jump when clocks go forward and it does not exist.
 */
export function zonedToEpoch(p: Omit<ZonedParts, 'second'> & { second?: number }, tz: string): number {
  const guess = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second ?? 0);
  const before = guess - tzOffsetMs(guess - 43_200_000, tz);
  const after = guess - tzOffsetMs(guess + 43_200_000, tz);
  const names = (ms: number) => {
    const z = zonedParts(ms, tz);
    return z.hour === p.hour && z.minute === p.minute && z.day === p.day;
  };
  const valid = [before, after].filter(names);
  return valid.length > 0 ? Math.min(...valid) : before;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const dayOf = (ms: number, tz: string): string => {
  const p = zonedParts(ms, tz);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
};
export const timeOf = (ms: number, tz: string): string => {
  const p = zonedParts(ms, tz);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};
export const timeWithSecondsOf = (ms: number, tz: string): string => {
  const p = zonedParts(ms, tz);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
};

/** The instant of a day and time ('HH:mm') in the zone. */
export function at(day: string, time: string, tz: string): number {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return zonedToEpoch({ year, month, day: d, hour, minute }, tz);
}

/** Midnight of a day in the zone. */
export const dayStart = (day: string, tz: string): number => at(day, '00:00', tz);

/** The day after (or `n` days after) a 'YYYY-MM-DD' day, calendar arithmetic. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole days from a to b ('YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  const utc = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

/** The browser's own zone. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone the browser knows, for the timezone selector. */
export function timeZones(): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
  return all && all.length > 0 ? all : ['UTC'];
}
