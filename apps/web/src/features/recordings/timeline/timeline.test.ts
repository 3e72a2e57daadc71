import { describe, expect, it } from 'vitest';
import { MediaMap } from './media-map.ts';
import {
  clampWindow,
  follow,
  keyedTime,
  MIN_SPAN_MS,
  panWindow,
  ticks,
  timeToX,
  xToTime,
  zoomWindow,
} from './scale.ts';

const T0 = Date.UTC(2026, 10, 21, 0, 0);
const H = 3_600_000;
const day = { fromMs: T0, toMs: T0 + 24 * H };

describe('timeline scale', () => {
  it('moves the playhead by the slider keys: 1 % by arrows, 10 % by pages, the ends by Home and End', () => {
    const noon = T0 + 12 * H;
    expect(keyedTime('ArrowRight', noon, day)).toBe(noon + 864_000);
    expect(keyedTime('ArrowUp', noon, day)).toBe(noon + 864_000);
    expect(keyedTime('ArrowLeft', noon, day)).toBe(noon - 864_000);
    expect(keyedTime('ArrowDown', noon, day)).toBe(noon - 864_000);
    expect(keyedTime('PageUp', noon, day)).toBe(noon + 8_640_000);
    expect(keyedTime('PageDown', noon, day)).toBe(noon - 8_640_000);
    expect(keyedTime('Home', noon, day)).toBe(T0);
    expect(keyedTime('End', noon, day)).toBe(T0 + 24 * H);
    expect(keyedTime('PageDown', T0 + 60_000, day)).toBe(T0 + 60_000 - 8_640_000);
    expect(keyedTime('a', noon, day)).toBeUndefined();
  });
  it('maps pixels to the clock and back', () => {
    expect(xToTime(500, 1000, day)).toBe(T0 + 12 * H);
    expect(xToTime(-5, 1000, day)).toBe(T0);
    expect(timeToX(T0 + 6 * H, 1000, day)).toBe(250);
  });

  it('zooms around an instant, no narrower than 5 minutes, no wider than the bounds', () => {
    const z = zoomWindow(day, 0.5, T0 + 6 * H, day);
    expect(z).toEqual({ fromMs: T0 + 3 * H, toMs: T0 + 15 * H });
    expect(zoomWindow(z, 4, T0, day)).toEqual(day);
    const tight = zoomWindow(day, 0.0001, T0 + 12 * H, day);
    expect(tight.toMs - tight.fromMs).toBe(MIN_SPAN_MS);
  });

  it('pans and follows inside the bounds', () => {
    const w = { fromMs: T0, toMs: T0 + H };
    expect(panWindow(w, -H, day)).toEqual(w);
    expect(panWindow(w, 30 * H, day)).toEqual({ fromMs: T0 + 23 * H, toMs: T0 + 24 * H });
    expect(follow(w, T0 + 30 * 60_000, day)).toBe(w);
    expect(follow(w, T0 + 5 * H, day)).toEqual({ fromMs: T0 + 5 * H - 0.1 * H, toMs: T0 + 5 * H + 0.9 * H });
    expect(clampWindow({ fromMs: T0 - H, toMs: T0 + 30 * H }, day)).toEqual(day);
  });

  it('puts ticks on whole hours of the zone', () => {
    const t = ticks(day, 'Europe/Paris');
    expect(t.length).toBeLessThanOrEqual(13);
    expect(t[0]?.label).toBe('02:00');
    const short = ticks({ fromMs: T0 + 10 * 60_000 + 5000, toMs: T0 + 40 * 60_000 }, 'UTC');
    expect(short.map((x) => x.label)).toEqual(['00:15', '00:20', '00:25', '00:30', '00:35', '00:40']);
  });
});

describe('MediaMap', () => {
  // Two runs: 12 s from T0, then after a 10 s gap, 8 s.
  const map = new MediaMap([
    { start: 0, duration: 4, programDateTime: T0 },
    { start: 4, duration: 4, programDateTime: null },
    { start: 8, duration: 4, programDateTime: null },
    { start: 12, duration: 4, programDateTime: T0 + 22_000 },
    { start: 16, duration: 4, programDateTime: null },
  ]);
  it('maps media time to the clock and back, across the gap', () => {
    expect([map.startMs, map.endMs]).toEqual([T0, T0 + 30_000]);
    expect(map.toWall(5)).toBe(T0 + 5000);
    expect(map.toWall(13)).toBe(T0 + 23_000);
    expect(map.toMedia(T0 + 5000)).toEqual({ mediaSec: 5, snapped: false });
    expect(map.toMedia(T0 + 26_500)).toEqual({ mediaSec: 16.5, snapped: false });
  });
  it('snaps an instant in a gap to the next recording; nothing after the end', () => {
    expect(map.toMedia(T0 + 15_000)).toEqual({ mediaSec: 12, snapped: true });
    expect(map.toMedia(T0 - 5000)).toEqual({ mediaSec: 0, snapped: true });
    expect(map.toMedia(T0 + 31_000)).toBeUndefined();
    expect(new MediaMap([]).empty).toBe(true);
  });
});
