import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyMs } from './shared-interval.ts';

describe('everyMs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the callers of one interval from one timer, and stops it with the last', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const stopA = everyMs(1000, () => calls.push('a'));
    const stopB = everyMs(1000, () => calls.push('b'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual(['a', 'b']);
    stopA();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual(['a', 'b', 'b']);
    stopB();
    expect(vi.getTimerCount()).toBe(0);
    // Stopping twice is harmless; a new caller gets a new timer.
    stopB();
    const stopC = everyMs(1000, () => calls.push('c'));
    vi.advanceTimersByTime(1000);
    expect(calls.at(-1)).toBe('c');
    stopC();
  });
});
