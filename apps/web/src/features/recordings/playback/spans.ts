import { addDays, dayStart } from '../../../shared/time/zoned.ts';

/** A stretch of the clock a playlist is asked for, epoch ms [fromMs, toMs). */
export interface Span {
  fromMs: number;
  toMs: number;
}

const DAY_MS = 86_400_000;
/**
 * The first playlist of a camera's day is the hour around the asked instant (10 minutes before it, 50 after), not
 * the day: a day of 4-second segments cut at keyframes is ~44 000 entries (6 MB) that the server writes and hls.js
 * parses before the first picture (~0.55 s and ~0.7 s under load, decision 0765); an hour is ~1 800 (decision
 * 0766). The day's playlist loads behind it, for the day-wide seeks of decision 0510.
 */
export const FIRST_SPAN_BEFORE_MS = 10 * 60_000;
export const FIRST_SPAN_AFTER_MS = 50 * 60_000;

/** The whole day `day` (a date in `tz`), ending at `nowMs` for today: the day's playlist. */
export function daySpan(day: string, tz: string, nowMs: number): Span {
  const fromMs = dayStart(day, tz);
  return { fromMs, toMs: Math.min(dayStart(addDays(day, 1), tz), fromMs + DAY_MS, nowMs) };
}

/** The first playlist's span around `atMs`, inside the day's span. */
export function firstSpan(atMs: number, day: Span): Span {
  return {
    fromMs: Math.max(day.fromMs, atMs - FIRST_SPAN_BEFORE_MS),
    toMs: Math.min(day.toMs, atMs + FIRST_SPAN_AFTER_MS),
  };
}

export const sameSpan = (a: Span, b: Span): boolean => a.fromMs === b.fromMs && a.toMs === b.toMs;

/**
 * Whether a pick at `atMs` can seek inside the playlist of `span` (else the day's must play it). The day's can
 * always: a pick in a gap or before its first recording plays what was recorded next, as the day shows it. A
 * shorter span only for an instant inside it with a recording at or after it (`playable`: its media map found
 * one): what follows it, the day's playlist knows.
 */
export function seeksWithin(span: Span, day: Span, atMs: number, playable: boolean): boolean {
  if (sameSpan(span, day)) return true;
  return atMs >= span.fromMs && atMs < span.toMs && playable;
}
