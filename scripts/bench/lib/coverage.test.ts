import { describe, expect, it } from 'vitest';
import { coverage, gaps, overlapMs, subtract, union } from './coverage.ts';

describe('interval arithmetic of the chaos and soak benches', () => {
  it('merges touching and overlapping intervals and drops empty ones', () => {
    expect(
      union([
        [10, 20],
        [0, 5],
        [5, 8],
        [15, 30],
        [40, 40],
      ]),
    ).toEqual([
      [0, 8],
      [10, 30],
    ]);
  });

  it('cuts holes out of a span, including holes that stick out of it', () => {
    expect(
      subtract(
        [0, 100],
        [
          [-10, 10],
          [50, 60],
          [55, 70],
          [95, 200],
        ],
      ),
    ).toEqual([
      [10, 50],
      [70, 95],
    ]);
  });

  it('measures the overlap of two sets', () => {
    expect(
      overlapMs(
        [
          [0, 10],
          [20, 30],
        ],
        [[5, 25]],
      ),
    ).toBe(10);
  });

  it('counts only the seconds outside the outages', () => {
    // 100 s, a 20 s outage; segments cover 0–45 s and 60–99 s: 1 s missing of the 80 expected.
    expect(
      coverage(
        [0, 100_000],
        [[40_000, 60_000]],
        [
          [0, 45_000],
          [60_000, 99_000],
        ],
      ),
    ).toEqual({ expectedSec: 80, recordedSec: 79, pct: 98.75 });
  });

  it('lists the missing parts outside the outages', () => {
    expect(
      gaps(
        [0, 100_000],
        [[40_000, 60_000]],
        [
          [0, 45_000],
          [60_000, 99_000],
        ],
      ),
    ).toEqual([[99_000, 100_000]]);
  });
});
