import { DEFAULT_DURATION_MIN, DEFAULT_TIME_RANGE, MIN_DURATION_MIN } from '@vigil/contracts';
import { addDays, at, daysBetween } from '../time/zoned.ts';

/**
 * The rules of the date, date-range, date-time and time-range pickers and of the duration input (spec 001 §4, §5;
 * spec 000 §5), as pure functions the components call. Days are 'YYYY-MM-DD', times 'HH:mm', instants epoch ms.
 */

// ---- Calendar ---------------------------------------------------------------------------------------------

/**
 * Whether a month fills exactly 4 Monday-first weeks (a 28-day February starting on a Monday). The calendar shows a
 * month in as many weeks as it needs, so such a month is given 6 to keep to 5 or 6 rows (spec 000 §9).
 */
export const fillsFourWeeks = (year: number, month: number): boolean =>
  new Date(Date.UTC(year, month - 1, 1)).getUTCDay() === 1 &&
  new Date(Date.UTC(year, month, 0)).getUTCDate() === 28;

export interface DayLimits {
  min?: string | undefined;
  max?: string | undefined;
  /** Custom-disabled days (spec 000 §5). */
  disabled?: ((day: string) => boolean) | undefined;
}

/** A day outside min and max, or custom-disabled, cannot be picked. */
export const isDayDisabled = (day: string, l: DayLimits): boolean =>
  (l.min !== undefined && day < l.min) ||
  (l.max !== undefined && day > l.max) ||
  (l.disabled?.(day) ?? false);

// ---- Date range -------------------------------------------------------------------------------------------

export interface DateRangeState {
  start?: string | undefined;
  end?: string | undefined;
  /** Each click toggles between choosing the start and the end (spec 001 §4). */
  choosing: 'start' | 'end';
}

export interface DateRangeOptions extends DayLimits {
  /** The longest span in days; 0 means a single day (spec 001 §5). */
  maxDateDifference?: number | undefined;
}

/** When choosing the end: days before the start, or further than maxDateDifference from it, are disabled too. */
export function isRangeDayDisabled(day: string, s: DateRangeState, o: DateRangeOptions): boolean {
  if (isDayDisabled(day, o)) return true;
  if (s.choosing !== 'end' || !s.start) return false;
  if (day < s.start) return true;
  return o.maxDateDifference !== undefined && daysBetween(s.start, day) > o.maxDateDifference;
}

/** A click on a day. With maxDateDifference 0 a click picks a single day. An end before the start (possible
 * when the limits let it through) resets the start instead. */
export function clickRangeDay(s: DateRangeState, day: string, o: DateRangeOptions): DateRangeState {
  if (o.maxDateDifference === 0) return { start: day, end: day, choosing: 'start' };
  if (s.choosing === 'start' || !s.start) return { start: day, end: undefined, choosing: 'end' };
  if (day < s.start) return { start: day, end: undefined, choosing: 'end' };
  if (isRangeDayDisabled(day, s, o)) return s;
  return { start: s.start, end: day, choosing: 'start' };
}

/** Empty times default to 00:00 (start) and 23:59 (end) (spec 000 §5, 001 §9). */
export const defaultStartTime = (t: string | undefined): string => (t?.trim() ? t : DEFAULT_TIME_RANGE.start);
export const defaultEndTime = (t: string | undefined): string => (t?.trim() ? t : DEFAULT_TIME_RANGE.end);

/**
 * A date range with times, to instants: times default, and an end earlier than the start on the same day flags the
 * time input invalid (spec 001 §5).
 */
export function dateRangeInstants(
  r: { start: string; end: string; startTime?: string; endTime?: string },
  tz: string,
): { fromMs: number; toMs: number } | { error: 'endBeforeStart' } {
  const fromMs = at(r.start, defaultStartTime(r.startTime), tz);
  // 23:59 means the whole last minute.
  const endTime = defaultEndTime(r.endTime);
  const toMs = at(r.end, endTime, tz) + (endTime === DEFAULT_TIME_RANGE.end ? 59_999 : 0);
  return toMs <= fromMs ? { error: 'endBeforeStart' } : { fromMs, toMs };
}

// ---- Time range -------------------------------------------------------------------------------------------

export type TimeRangeError = 'beforeMin' | 'afterMax' | 'tooLong' | 'invalidTime';

export interface TimeRangeResult {
  fromMs: number;
  toMs: number;
  /** The end was at or before the start, so it is on the next day. */
  rolled: boolean;
  errors: TimeRangeError[];
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isTime = (t: string): boolean => TIME.test(t);

/**
 * A time range on a day (spec 001 §5): an end at or before the start rolls to the next day; a start or end outside
 * min/max, or a duration above maxMinutes, is invalid and blocks submit.
 */
export function timeRange(
  r: { day: string; start: string; end: string },
  o: { tz: string; minMs?: number | undefined; maxMs?: number | undefined; maxMinutes?: number | undefined },
): TimeRangeResult {
  const start = defaultStartTime(r.start);
  const end = defaultEndTime(r.end);
  if (!isTime(start) || !isTime(end)) return { fromMs: 0, toMs: 0, rolled: false, errors: ['invalidTime'] };
  const rolled = end <= start;
  const fromMs = at(r.day, start, o.tz);
  const toMs = at(rolled ? addDays(r.day, 1) : r.day, end, o.tz);
  const errors: TimeRangeError[] = [];
  if (o.minMs !== undefined && fromMs < o.minMs) errors.push('beforeMin');
  if (o.maxMs !== undefined && toMs > o.maxMs) errors.push('afterMax');
  if (o.maxMinutes !== undefined && toMs - fromMs > o.maxMinutes * 60_000) errors.push('tooLong');
  return { fromMs, toMs, rolled, errors };
}

// ---- Date-time --------------------------------------------------------------------------------------------

export type DateTimeError =
  | { kind: 'empty' }
  | { kind: 'mustBeAfter'; limitMs: number }
  | { kind: 'mustBeBefore'; limitMs: number }
  | { kind: 'startNotBeforeEnd' };

/** A single date-time (spec 001 §5): an empty time is invalid; it must be within min and max. */
export function checkDateTime(
  valueMs: number | undefined,
  o: { minMs?: number | undefined; maxMs?: number | undefined },
): DateTimeError | undefined {
  if (valueMs === undefined || Number.isNaN(valueMs)) return { kind: 'empty' };
  if (o.minMs !== undefined && valueMs < o.minMs) return { kind: 'mustBeAfter', limitMs: o.minMs };
  if (o.maxMs !== undefined && valueMs > o.maxMs) return { kind: 'mustBeBefore', limitMs: o.maxMs };
  return undefined;
}

/** A start and end date-time: start greater than or equal to end is not accepted (spec 001 §5). */
export function checkDateTimeRange(
  fromMs: number | undefined,
  toMs: number | undefined,
  o: { minMs?: number | undefined; maxMs?: number | undefined },
): { from?: DateTimeError; to?: DateTimeError } {
  const from = checkDateTime(fromMs, o);
  const to = checkDateTime(toMs, o);
  if (!from && !to && (fromMs as number) >= (toMs as number)) return { to: { kind: 'startNotBeforeEnd' } };
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

// ---- Duration ---------------------------------------------------------------------------------------------

export interface DurationOptions {
  /** Longest duration in minutes; the hours field runs from 0 to its whole hours. */
  maxMinutes: number;
  /** Shortest duration in minutes (default 1, spec 001 §9). */
  minMinutes?: number;
  /** With `startMs` and `nowMs`: the end may not pass now (when the maximum is now). */
  startMs?: number | undefined;
  nowMs?: number | undefined;
}

export type DurationError =
  | 'hoursOutOfRange'
  | 'minutesOutOfRange'
  | 'tooShort'
  | 'tooLong'
  | 'pastNow'
  | 'invalid';

/** Hours and minutes typed separately (spec 001 §5). Minutes 0–59; hours within min and max. */
export function checkDuration(
  d: { hours: string; minutes: string },
  o: DurationOptions,
): { minutes: number; error?: DurationError } {
  const h = d.hours.trim() === '' ? 0 : Number(d.hours);
  const m = d.minutes.trim() === '' ? 0 : Number(d.minutes);
  if (!Number.isInteger(h) || !Number.isInteger(m)) return { minutes: 0, error: 'invalid' };
  const minutes = h * 60 + m;
  if (h < 0 || h > Math.floor(o.maxMinutes / 60)) return { minutes, error: 'hoursOutOfRange' };
  if (m < 0 || m > 59) return { minutes, error: 'minutesOutOfRange' };
  if (minutes < (o.minMinutes ?? MIN_DURATION_MIN)) return { minutes, error: 'tooShort' };
  if (minutes > o.maxMinutes) return { minutes, error: 'tooLong' };
  if (o.startMs !== undefined && o.nowMs !== undefined && o.startMs + minutes * 60_000 > o.nowMs)
    return { minutes, error: 'pastNow' };
  return { minutes };
}

/** On blur: empty fields take the default duration (60 minutes), minutes shown with two digits. */
export function blurDuration(d: { hours: string; minutes: string }): { hours: string; minutes: string } {
  if (d.hours.trim() === '' && d.minutes.trim() === '') return splitDuration(DEFAULT_DURATION_MIN);
  const hours = d.hours.trim() === '' ? '0' : String(Number(d.hours));
  const minutes = d.minutes.trim() === '' ? '00' : String(Number(d.minutes)).padStart(2, '0');
  return { hours, minutes };
}

export const splitDuration = (minutes: number): { hours: string; minutes: string } => ({
  hours: String(Math.floor(minutes / 60)),
  minutes: String(minutes % 60).padStart(2, '0'),
});

/** The maximum as text: in hours when it divides by 60, else in minutes (spec 001 §5). */
export const maxDurationText = (maxMinutes: number): { unit: 'hours' | 'minutes'; count: number } =>
  maxMinutes % 60 === 0 ? { unit: 'hours', count: maxMinutes / 60 } : { unit: 'minutes', count: maxMinutes };
