import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  it('doubles from the initial delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, 1000, 60_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(backoffDelay(1000, 1000, 60_000)).toBe(60_000);
    expect(backoffDelay(0, 1000, 60_000)).toBe(0);
  });
});
