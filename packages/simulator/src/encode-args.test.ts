import { describe, expect, it } from 'vitest';
import { type LoopParams, loopCacheKey, loopFilterGraph, preEncodeArgs } from './encode-args.ts';

const base: LoopParams = {
  codec: 'h264',
  width: 1280,
  height: 720,
  fps: 10,
  gopSec: 2,
  loopSec: 20,
  kbps: 2000,
  motion: [[5, 12]],
};

describe('pre-encoded loops', () => {
  it('keys the cache by every parameter', () => {
    const keys = new Set([
      loopCacheKey(base),
      loopCacheKey({ ...base, codec: 'h265' }),
      loopCacheKey({ ...base, fps: 25 }),
      loopCacheKey({ ...base, gopSec: 4 }),
      loopCacheKey({ ...base, motion: [[1, 2]] }),
      loopCacheKey({ ...base, kbps: 1000 }),
    ]);
    expect(keys.size).toBe(6);
    expect(loopCacheKey(base)).toBe(loopCacheKey({ ...base }));
  });

  it('encodes H.264 without B-frames, a fixed keyframe interval and access unit delimiters', () => {
    const args = preEncodeArgs(base, '/tmp/x.h264');
    expect(args).toEqual(
      expect.arrayContaining(['-bf', '0', '-g', '20', '-keyint_min', '20', '-sc_threshold', '0']),
    );
    expect(args[args.indexOf('-x264-params') + 1]).toBe('aud=1');
    expect(args.at(-1)).toBe('/tmp/x.h264');
  });

  it('encodes H.265 the same way through x265 parameters', () => {
    const args = preEncodeArgs({ ...base, codec: 'h265', gopSec: 4 }, '/tmp/x.h265');
    const x265 = args[args.indexOf('-x265-params') + 1];
    expect(x265).toContain('keyint=40:min-keyint=40:bframes=0');
    expect(x265).toContain('aud=1');
    expect(args[args.indexOf('-f', args.indexOf('-x265-params')) + 1]).toBe('hevc');
  });

  it('moves the box only inside the motion intervals', () => {
    expect(
      loopFilterGraph({
        ...base,
        motion: [
          [5, 12],
          [15, 16],
        ],
      }),
    ).toContain("enable='between(t,5,11.999)+between(t,15,15.999)'");
    expect(loopFilterGraph({ ...base, motion: [] })).toContain("enable='0'");
  });

  it('a person object walks the photograph across instead of the box; the box loop keeps its cache key', () => {
    const person = { ...base, object: 'person' as const };
    const graph = loopFilterGraph(person, '/tmp/cache/person-v1.png');
    expect(graph).toContain('movie=/tmp/cache/person-v1.png,scale=-2:432[obj]');
    expect(graph).toContain("enable='between(t,5,11.999)'");
    expect(graph).not.toContain('color=c=orange');
    expect(loopCacheKey(person)).not.toBe(loopCacheKey(base));
    expect(loopCacheKey({ ...base, object: undefined })).toBe(loopCacheKey(base));
    expect(() => loopFilterGraph(person)).toThrow(/picture/);
    expect(() => loopFilterGraph(person, '/tmp/a:b.png')).toThrow(/escaping/);
    expect(preEncodeArgs(person, '/tmp/x.h264', '/tmp/p.png')).toContain(
      loopFilterGraph(person, '/tmp/p.png'),
    );
  });
});
