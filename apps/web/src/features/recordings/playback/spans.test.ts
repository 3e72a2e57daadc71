import { describe, expect, it } from 'vitest';
import { daySpan, firstSpan, seeksWithin } from './spans.ts';

const H = 3_600_000;
// 2026-03-10 in UTC: 1773100800000.
const DAY0 = Date.UTC(2026, 2, 10);

describe('first playlist spans (decision 0766)', () => {
  it('asks the hour around the instant first, inside the day', () => {
    const day = daySpan('2026-03-10', 'UTC', DAY0 + 48 * H);
    expect(day).toEqual({ fromMs: 1773100800000, toMs: 1773187200000 });
    expect(firstSpan(DAY0 + 12 * H, day)).toEqual({ fromMs: 1773143400000, toMs: 1773147000000 });
    // Near midnight on both sides: cut at the day's edges.
    expect(firstSpan(DAY0 + 5 * 60_000, day)).toEqual({ fromMs: 1773100800000, toMs: 1773104100000 });
    expect(firstSpan(DAY0 + 24 * H - 60_000, day)).toEqual({ fromMs: 1773186540000, toMs: 1773187200000 });
  });

  it("ends today's day and its first hour at now", () => {
    const day = daySpan('2026-03-10', 'UTC', DAY0 + 9 * H);
    expect(day.toMs).toBe(1773133200000);
    expect(firstSpan(DAY0 + 9 * H - 60_000, day).toMs).toBe(1773133200000);
  });

  it('a day starts at midnight in the zone asked', () => {
    expect(daySpan('2026-03-10', 'Europe/Paris', DAY0 + 48 * H)).toEqual({
      fromMs: 1773097200000,
      toMs: 1773183600000,
    });
  });

  it("seeks inside the first hour only where it has a recording at or after the instant; the day's always", () => {
    const day = { fromMs: DAY0, toMs: DAY0 + 24 * H };
    const hour = { fromMs: DAY0 + 2 * H, toMs: DAY0 + 3 * H };
    expect(seeksWithin(hour, day, DAY0 + 2.5 * H, true)).toBe(true);
    expect(seeksWithin(hour, day, DAY0 + 2.5 * H, false)).toBe(false);
    expect(seeksWithin(hour, day, DAY0 + 3 * H, true)).toBe(false);
    expect(seeksWithin(hour, day, DAY0 + 2 * H - 1, true)).toBe(false);
    expect(seeksWithin(day, day, DAY0 + 23 * H, false)).toBe(true);
  });
});
