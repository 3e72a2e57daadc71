import { describe, expect, it } from 'vitest';
import { Timeline } from './timeline.ts';

describe('Timeline', () => {
  it('follows the stream timestamps despite arrival jitter, anchored on the least delayed fragment', () => {
    const t = new Timeline(90_000);
    // The first fragments come late, in a burst (ffmpeg's probe); then in real time.
    expect(t.toWall(0, 1_000_500)).toBe(1_000_500);
    expect(t.toWall(9000, 1_000_500)).toBe(1_000_500); // captured later, same arrival: a better anchor
    expect(t.toWall(90_000, 1_001_050)).toBe(1_001_050); // 50 ms after capture: the better anchor
    expect(t.toWall(180_000, 1_002_300)).toBe(1_002_050); // late arrival, timestamp trusted
  });

  it('re-anchors when the mapping falls far behind the arrivals', () => {
    const t = new Timeline(1000, 5000);
    t.toWall(0, 5000);
    expect(t.toWall(1000, 9000)).toBe(6000); // 3 s late: a stall, the timestamps stand
    expect(t.toWall(2000, 30_000)).toBe(30_000); // 21 s behind: a jump
  });
});
