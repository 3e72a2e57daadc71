import { personPicture } from '@vigil/recorder/testing';
import { describe, expect, it } from 'vitest';
import { footPoint, jpegSize, scheduleActive, wallClock } from './rule-geometry.ts';

describe('where a rule looks and when (decision 0704)', () => {
  it('reads a JPEG picture size and undoes the detector letterbox', async () => {
    expect(jpegSize(await personPicture())).toEqual({ width: 1280, height: 720 });
    expect(jpegSize(new Uint8Array([1, 2, 3]))).toBe(null);
    // 1280 × 720 in a square: the picture fills y 0.21875 … 0.78125 of it.
    expect(footPoint([0.25, 0.3, 0.75, 0.78125], { width: 1280, height: 720 })).toEqual([0.5, 1]);
    expect(footPoint([0.1, 0.2, 0.3, 0.5], { width: 1280, height: 720 })).toEqual([0.2, 0.5]);
    expect(footPoint([0.4, 0, 0.6, 1], { width: 720, height: 1280 })).toEqual([0.5, 1]);
  });

  it('reads the camera wall clock in its zone', () => {
    // Monday 23 November 2026, 23:30 UTC.
    const at = Date.UTC(2026, 10, 23, 23, 30);
    expect(wallClock(at, 'UTC')).toEqual({ day: 1, time: '23:30' });
    expect(wallClock(at, 'Europe/Paris')).toEqual({ day: 2, time: '00:30' });
    expect(wallClock(at, 'America/New_York')).toEqual({ day: 1, time: '18:30' });
  });

  it('runs a day window on its days and a night window into the next morning', () => {
    const office = { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' };
    expect(scheduleActive(office, { day: 1, time: '09:00' })).toBe(true);
    expect(scheduleActive(office, { day: 1, time: '17:00' })).toBe(false);
    expect(scheduleActive(office, { day: 0, time: '12:00' })).toBe(false);
    const nights = { days: [5, 6], from: '22:00', to: '06:00' };
    expect(scheduleActive(nights, { day: 5, time: '23:00' })).toBe(true);
    expect(scheduleActive(nights, { day: 0, time: '05:59' })).toBe(true);
    expect(scheduleActive(nights, { day: 0, time: '22:30' })).toBe(false);
    expect(scheduleActive(nights, { day: 5, time: '05:00' })).toBe(false);
    expect(scheduleActive(null, { day: 3, time: '12:00' })).toBe(true);
  });
});
