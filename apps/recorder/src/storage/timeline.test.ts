import { describe, expect, it } from 'vitest';
import { Timeline } from './timeline.ts';

describe('Timeline', () => {
  it('anchors on the first arrival, then follows the stream timestamps despite arrival jitter', () => {
    const t = new Timeline(90_000);
    expect(t.toWall(900_000, 1_000_000)).toBe(1_000_000);
    expect(t.toWall(990_000, 1_001_300)).toBe(1_001_000);
    expect(t.toWall(1_080_000, 1_001_900)).toBe(1_002_000);
  });

  it('re-anchors when timestamps run ahead of the clock or fall far behind', () => {
    const t = new Timeline(1000, 1000, 10_000);
    t.toWall(0, 5000);
    expect(t.toWall(3000, 6000)).toBe(6000); // 2 s ahead of arrival: impossible, re-anchored
    expect(t.toWall(4000, 7100)).toBe(7000);
    expect(t.toWall(5000, 30_000)).toBe(30_000); // 22 s behind: a jump
  });
});
