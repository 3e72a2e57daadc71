import { describe, expect, it } from 'vitest';
import { at, dayOf, timeOf, zonedToEpoch } from '../time/zoned.ts';
import {
  blurDuration,
  checkDateTime,
  checkDateTimeRange,
  checkDuration,
  clickRangeDay,
  type DateRangeState,
  dateRangeInstants,
  fillsFourWeeks,
  isDayDisabled,
  isRangeDayDisabled,
  maxDurationText,
  timeRange,
} from './rules.ts';

const LON = 'Europe/London';

describe('zoned time', () => {
  it('converts wall-clock times of a zone, across daylight saving', () => {
    expect(at('2026-07-01', '12:00', LON)).toBe(Date.UTC(2026, 6, 1, 11, 0));
    expect(at('2026-01-01', '12:00', LON)).toBe(Date.UTC(2026, 0, 1, 12, 0));
    expect(at('2026-01-01', '00:00', 'Asia/Kolkata')).toBe(Date.UTC(2025, 11, 31, 18, 30));
    const ms = Date.UTC(2026, 2, 29, 1, 30); // 02:30 in London, just after the clocks went forward
    expect([dayOf(ms, LON), timeOf(ms, LON)]).toEqual(['2026-03-29', '02:30']);
    expect(zonedToEpoch({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, LON)).toBe(
      Date.UTC(2026, 9, 25, 0, 30),
    );
  });
});

describe('calendar', () => {
  it('tells the months that fill exactly 4 Monday-first weeks', () => {
    expect(fillsFourWeeks(2027, 2)).toBe(true); // 28 days from a Monday
    expect(fillsFourWeeks(2026, 2)).toBe(false); // 28 days from a Sunday
    expect(fillsFourWeeks(2032, 3)).toBe(false); // 31 days from a Monday
    expect(fillsFourWeeks(2016, 2)).toBe(false); // 29 days from a Monday
  });

  it('disables days outside min and max and custom-disabled days', () => {
    const limits = { min: '2026-11-10', max: '2026-11-20', disabled: (d: string) => d === '2026-11-15' };
    expect(isDayDisabled('2026-11-09', limits)).toBe(true);
    expect(isDayDisabled('2026-11-10', limits)).toBe(false);
    expect(isDayDisabled('2026-11-15', limits)).toBe(true);
    expect(isDayDisabled('2026-11-21', limits)).toBe(true);
  });
});

describe('date range picker', () => {
  const start: DateRangeState = { choosing: 'start' };

  it('toggles between choosing the start and the end on each click', () => {
    const a = clickRangeDay(start, '2026-11-10', {});
    expect(a).toEqual({ start: '2026-11-10', end: undefined, choosing: 'end' });
    const b = clickRangeDay(a, '2026-11-12', {});
    expect(b).toEqual({ start: '2026-11-10', end: '2026-11-12', choosing: 'start' });
    expect(clickRangeDay(b, '2026-11-01', {})).toEqual({
      start: '2026-11-01',
      end: undefined,
      choosing: 'end',
    });
  });

  it('disables days before the start when choosing the end, and beyond maxDateDifference', () => {
    const s: DateRangeState = { start: '2026-11-10', choosing: 'end' };
    expect(isRangeDayDisabled('2026-11-09', s, {})).toBe(true);
    expect(isRangeDayDisabled('2026-11-10', s, {})).toBe(false);
    expect(isRangeDayDisabled('2026-11-17', s, { maxDateDifference: 7 })).toBe(false);
    expect(isRangeDayDisabled('2026-11-18', s, { maxDateDifference: 7 })).toBe(true);
    expect(clickRangeDay(s, '2026-11-18', { maxDateDifference: 7 })).toBe(s);
    // Choosing the start, nothing extra is disabled.
    expect(isRangeDayDisabled('2026-11-01', { ...s, choosing: 'start' }, {})).toBe(false);
  });

  it('an end earlier than the start resets the start; maxDateDifference 0 is a single day', () => {
    const s: DateRangeState = { start: '2026-11-10', choosing: 'end' };
    expect(clickRangeDay(s, '2026-11-05', {})).toEqual({
      start: '2026-11-05',
      end: undefined,
      choosing: 'end',
    });
    expect(clickRangeDay(start, '2026-11-05', { maxDateDifference: 0 })).toEqual({
      start: '2026-11-05',
      end: '2026-11-05',
      choosing: 'start',
    });
  });

  it('times default to 00:00 and 23:59; an end before the start on the day flags the time', () => {
    expect(dateRangeInstants({ start: '2026-11-10', end: '2026-11-10' }, 'UTC')).toEqual({
      fromMs: Date.UTC(2026, 10, 10),
      toMs: Date.UTC(2026, 10, 10, 23, 59, 59, 999),
    });
    expect(
      dateRangeInstants(
        { start: '2026-11-10', end: '2026-11-10', startTime: '10:00', endTime: '09:00' },
        'UTC',
      ),
    ).toEqual({ error: 'endBeforeStart' });
    expect(
      dateRangeInstants(
        { start: '2026-11-10', end: '2026-11-11', startTime: '10:00', endTime: '09:00' },
        'UTC',
      ),
    ).toEqual({ fromMs: Date.UTC(2026, 10, 10, 10), toMs: Date.UTC(2026, 10, 11, 9) });
  });
});

describe('time range input', () => {
  const day = '2026-11-10';
  it('rolls an end at or before the start to the next day', () => {
    const r = timeRange({ day, start: '22:00', end: '02:00' }, { tz: 'UTC' });
    expect(r).toEqual({
      fromMs: Date.UTC(2026, 10, 10, 22),
      toMs: Date.UTC(2026, 10, 11, 2),
      rolled: true,
      errors: [],
    });
    expect(timeRange({ day, start: '10:00', end: '10:00' }, { tz: 'UTC' }).rolled).toBe(true);
    expect(timeRange({ day, start: '10:00', end: '10:01' }, { tz: 'UTC' }).rolled).toBe(false);
  });

  it('defaults empty times to 00:00 and 23:59', () => {
    const r = timeRange({ day, start: '', end: '' }, { tz: 'UTC' });
    expect([r.fromMs, r.toMs]).toEqual([Date.UTC(2026, 10, 10), Date.UTC(2026, 10, 10, 23, 59)]);
  });

  it('flags starts and ends outside min/max and durations over the maximum, which block submit', () => {
    const o = {
      tz: 'UTC',
      minMs: Date.UTC(2026, 10, 10, 8),
      maxMs: Date.UTC(2026, 10, 10, 20),
      maxMinutes: 120,
    };
    expect(timeRange({ day, start: '07:00', end: '09:00' }, o).errors).toEqual(['beforeMin']);
    expect(timeRange({ day, start: '19:00', end: '21:00' }, o).errors).toEqual(['afterMax']);
    expect(timeRange({ day, start: '09:00', end: '12:00' }, o).errors).toEqual(['tooLong']);
    expect(timeRange({ day, start: '09:00', end: '11:00' }, o).errors).toEqual([]);
    expect(timeRange({ day, start: '9h', end: '11:00' }, o).errors).toEqual(['invalidTime']);
  });
});

describe('date-time picker', () => {
  const min = Date.UTC(2026, 10, 1);
  const max = Date.UTC(2026, 10, 30);
  it('needs a time within min and max', () => {
    expect(checkDateTime(undefined, {})).toEqual({ kind: 'empty' });
    expect(checkDateTime(Number.NaN, {})).toEqual({ kind: 'empty' });
    expect(checkDateTime(min - 1, { minMs: min, maxMs: max })).toEqual({ kind: 'mustBeAfter', limitMs: min });
    expect(checkDateTime(max + 1, { minMs: min, maxMs: max })).toEqual({
      kind: 'mustBeBefore',
      limitMs: max,
    });
    expect(checkDateTime(min, { minMs: min, maxMs: max })).toBeUndefined();
  });
  it('does not accept a start at or after the end', () => {
    expect(checkDateTimeRange(min + 10, min + 10, {})).toEqual({ to: { kind: 'startNotBeforeEnd' } });
    expect(checkDateTimeRange(min + 20, min + 10, {})).toEqual({ to: { kind: 'startNotBeforeEnd' } });
    expect(checkDateTimeRange(min, min + 10, {})).toEqual({});
    expect(checkDateTimeRange(undefined, min, {})).toEqual({ from: { kind: 'empty' } });
  });
});

describe('duration input', () => {
  const o = { maxMinutes: 180 };
  it('takes hours and minutes apart: minutes 0-59, hours within 0 and the maximum', () => {
    expect(checkDuration({ hours: '1', minutes: '30' }, o)).toEqual({ minutes: 90 });
    expect(checkDuration({ hours: '1', minutes: '60' }, o).error).toBe('minutesOutOfRange');
    expect(checkDuration({ hours: '4', minutes: '00' }, o).error).toBe('hoursOutOfRange');
    expect(checkDuration({ hours: '-1', minutes: '00' }, o).error).toBe('hoursOutOfRange');
    expect(checkDuration({ hours: '3', minutes: '01' }, o).error).toBe('tooLong');
    expect(checkDuration({ hours: 'x', minutes: '01' }, o).error).toBe('invalid');
  });
  it('is at least the minimum (1 minute by default)', () => {
    expect(checkDuration({ hours: '0', minutes: '00' }, o).error).toBe('tooShort');
    expect(checkDuration({ hours: '0', minutes: '01' }, o)).toEqual({ minutes: 1 });
    expect(checkDuration({ hours: '0', minutes: '04' }, { ...o, minMinutes: 5 }).error).toBe('tooShort');
  });
  it('may not end after now when the maximum is now', () => {
    const nowMs = Date.UTC(2026, 10, 10, 12);
    const startMs = nowMs - 30 * 60_000;
    expect(checkDuration({ hours: '0', minutes: '30' }, { ...o, startMs, nowMs })).toEqual({ minutes: 30 });
    expect(checkDuration({ hours: '0', minutes: '31' }, { ...o, startMs, nowMs }).error).toBe('pastNow');
  });
  it('fills defaults on blur: 60 minutes when empty, minutes on two digits', () => {
    expect(blurDuration({ hours: '', minutes: '' })).toEqual({ hours: '1', minutes: '00' });
    expect(blurDuration({ hours: '2', minutes: '5' })).toEqual({ hours: '2', minutes: '05' });
    expect(blurDuration({ hours: '', minutes: '45' })).toEqual({ hours: '0', minutes: '45' });
  });
  it('writes the maximum in hours when it divides by 60, else in minutes', () => {
    expect(maxDurationText(240)).toEqual({ unit: 'hours', count: 4 });
    expect(maxDurationText(90)).toEqual({ unit: 'minutes', count: 90 });
  });
});
