import { describe, expect, it } from 'vitest';
import { clipPlaylist, disputeOf, money, orderStart } from './model.ts';

describe('orders model', () => {
  it('writes money in the language from minor units', () => {
    expect(money(1790, 'GBP', 'en-GB')).toBe('£17.90');
    expect(money(1250, 'EUR', 'fr')).toBe('12,50\u00a0€');
    expect(money(500, 'JPY', 'en')).toBe('¥500');
  });
  it('builds the clip’s playlist, its end cut to now', () => {
    const clip = { uidd: 'u1.till', startMs: 1_790_000_000_000, endMs: 1_790_000_300_000 };
    expect(clipPlaylist(clip, 1_800_000_000_000)).toBe('/hls/u1/till/1790000000/1790000300/index.m3u8');
    expect(clipPlaylist(clip, 1_790_000_100_500)).toBe('/hls/u1/till/1790000000/1790000101/index.m3u8');
  });
  it('names the dispute state, none without one', () => {
    expect(disputeOf({ dispute: null })).toBe('none');
    expect(disputeOf({ dispute: { status: 'won', reason: 'x', openedAt: 1 } })).toBe('won');
  });
  it('starts the clip ten seconds before the order, or at the next recorded moment', () => {
    const T = 1_790_000_000_000;
    // Two fragments of 4 s from T, a gap, one more from T + 30 s (media time runs on across the gap).
    const f = [
      { start: 0, duration: 4, programDateTime: T },
      { start: 4, duration: 4, programDateTime: T + 4000 },
      { start: 8, duration: 4, programDateTime: T + 30_000 },
    ];
    expect(orderStart(f, T + 15_000)).toBe(5);
    expect(orderStart(f, T + 20_000)).toBe(8);
    expect(orderStart(f, T + 41_000)).toBe(9);
    expect(orderStart(f, T + 5_000)).toBe(0);
    expect(orderStart(f, T + 60_000)).toBeUndefined();
    expect(orderStart([{ start: 0, duration: 4, programDateTime: null }], T)).toBeUndefined();
  });
});
