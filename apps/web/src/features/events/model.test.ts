import type { EventItem } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { clipUrl, dayBounds, durationText, isoDate, normaliseRange, scoreOf } from './model.ts';

describe('events model', () => {
  it('gives a day from 00:00 to 23:59 local time and keeps ranges in order and short', () => {
    const { start, end } = dayBounds('2026-11-20');
    expect(new Date(start).getHours()).toBe(0);
    expect(new Date(end).getHours()).toBe(23);
    expect(new Date(end).getMinutes()).toBe(59);
    expect(isoDate(start)).toBe('2026-11-20');
    expect(normaliseRange('2026-11-20', '2026-11-18')).toEqual({ from: '2026-11-18', to: '2026-11-18' });
    expect(normaliseRange('2026-01-01', '2026-11-18').from).toBe('2026-10-18');
  });

  it('reads 0a as 10, formats durations, builds the clip URL with pre- and post-roll', () => {
    expect(scoreOf({ motionScore: '0a' })).toBe(10);
    expect(durationText(75)).toBe('1m 15s');
    expect(durationText(9)).toBe('9s');
    const e = {
      uid: 'u',
      deviceId: 'd',
      startTime: 100_000,
      endTime: 112_000,
      logger: null,
    } as unknown as EventItem;
    expect(clipUrl(e, 'tok')).toBe('/stream/mp4/u/d/95/117/tok?inputStream=true&ignoreMvhd=true');
    expect(clipUrl(e, undefined)).toBeUndefined();
  });
});
