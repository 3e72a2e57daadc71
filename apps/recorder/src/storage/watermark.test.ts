import { describe, expect, it } from 'vitest';
import { DEFAULT_WATERMARK, requiredFreeBytes } from './watermark.ts';

const GiB = 1024 ** 3;

describe('the storage watermark (decision 0208)', () => {
  it('keeps whichever is larger free: 5 % of the disk or 2 GiB', () => {
    // 10 GiB disk: 5 % is 0.5 GiB, so 2 GiB; 1 TiB: 5 % is 51.2 GiB.
    expect(requiredFreeBytes(10 * GiB, DEFAULT_WATERMARK)).toBe(2 * GiB);
    expect(requiredFreeBytes(1024 * GiB, DEFAULT_WATERMARK)).toBe(51.2 * GiB);
    expect(requiredFreeBytes(40 * GiB, DEFAULT_WATERMARK)).toBe(2 * GiB);
  });

  it('takes settings of 0 as no floor of that kind', () => {
    expect(requiredFreeBytes(64 * 1024 * 1024, { minFreePercent: 25, minFreeBytes: 0 })).toBe(
      16 * 1024 * 1024,
    );
    expect(requiredFreeBytes(100 * GiB, { minFreePercent: 0, minFreeBytes: 3 * GiB })).toBe(3 * GiB);
  });
});
