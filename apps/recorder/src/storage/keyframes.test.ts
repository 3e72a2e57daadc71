import { describe, expect, it } from 'vitest';
import { decodeKeyframes, encodeKeyframes, KeyframeMarks } from './keyframes.ts';

describe('keyframes column', () => {
  it('round-trips, and tells "one keyframe" from "not known"', () => {
    const k = [
      { ms: 1000, byte: 480_211 },
      { ms: 2000, byte: 960_377 },
    ];
    expect(encodeKeyframes(k)).toBe('1000:480211,2000:960377');
    expect(decodeKeyframes(encodeKeyframes(k))).toEqual(k);
    expect(encodeKeyframes([])).toBe('');
    expect(decodeKeyframes('')).toEqual([]);
    expect(decodeKeyframes(null)).toBeUndefined();
    expect(decodeKeyframes(undefined)).toBeUndefined();
  });

  it('reads anything malformed or out of order as not known (the segment then plays whole)', () => {
    for (const bad of ['x', '1000', '1000:', '1000:5,', '-1:5', '2000:50,1000:60', '1000:60,2000:60', '0:0'])
      expect(decodeKeyframes(bad), bad).toBeUndefined();
  });
});

describe('KeyframeMarks', () => {
  it('marks each keyframe after the first with its time from the segment start and its byte offset', () => {
    const m = new KeyframeMarks(90_000);
    m.add(0, true, 900_000); // opens the segment
    m.add(100, false, 903_600);
    m.add(150, false, undefined); // audio only
    m.add(200, true, 990_000);
    m.add(300, false, 993_600);
    m.add(400, true, 1_080_000);
    expect(m.list).toEqual([
      { ms: 1000, byte: 200 },
      { ms: 2000, byte: 400 },
    ]);
  });
});
