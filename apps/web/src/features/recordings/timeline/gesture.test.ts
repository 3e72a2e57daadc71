import { describe, expect, it } from 'vitest';
import { pinchWindow } from './gesture.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
// A day from 0 and a window of the hour 10:00–11:00 on a 600 px track.
const DAY = { fromMs: 0, toMs: 24 * HOUR };
const W = { fromMs: 10 * HOUR, toMs: 11 * HOUR };

describe('pinchWindow', () => {
  it('spreading the fingers to twice their distance halves the span around their midpoint', () => {
    // Midpoint at 300 px (10:30) before and after: 10:15–10:45.
    expect(pinchWindow(W, [250, 350], [200, 400], 600, DAY)).toEqual({
      fromMs: 10.25 * HOUR,
      toMs: 10.75 * HOUR,
    });
  });

  it('pinching them to half their distance doubles the span, the instant under the midpoint kept there', () => {
    // Midpoint at 150 px = 10:15, a quarter across; 2 h span: 10:15 − 30 min = 09:45 → 11:45.
    expect(pinchWindow(W, [100, 200], [125, 175], 600, DAY)).toEqual({
      fromMs: 9.75 * HOUR,
      toMs: 11.75 * HOUR,
    });
  });

  it('two fingers moved together pan: the instant under them follows them', () => {
    // 60 px right on a 600 px hour is 6 minutes earlier in view.
    expect(pinchWindow(W, [200, 300], [260, 360], 600, DAY)).toEqual({
      fromMs: 9.9 * HOUR,
      toMs: 10.9 * HOUR,
    });
  });

  it('zooms no narrower than five minutes and no wider than the bounds', () => {
    // ×20 in would be 3 min; five minutes around 10:30.
    expect(pinchWindow(W, [290, 310], [100, 500], 600, DAY)).toEqual({
      fromMs: 10.5 * HOUR - 2.5 * MIN,
      toMs: 10.5 * HOUR + 2.5 * MIN,
    });
    expect(pinchWindow(W, [0, 600], [299, 309], 600, DAY)).toEqual(DAY);
  });

  it('keeps the window inside the bounds when a pan runs past their start', () => {
    // The instant at 5 min (50 px) moved to 350 px would put the start at 00:05 − 35 min: held at 00:00.
    expect(pinchWindow({ fromMs: 0, toMs: HOUR }, [0, 100], [300, 400], 600, DAY)).toEqual({
      fromMs: 0,
      toMs: HOUR,
    });
  });

  it('reads no zoom from fingers that touch one place, only their move (301 px to 300 px: 6 s)', () => {
    expect(pinchWindow(W, [300, 302], [100, 500], 600, DAY)).toEqual({
      fromMs: 10 * HOUR + 6000,
      toMs: 11 * HOUR + 6000,
    });
  });
});
