import { describe, expect, it } from 'vitest';
import { resolutionOf } from './camera-mapper.ts';

describe('resolutionOf (decision 0309)', () => {
  it('names the usual camera sizes as they are sold', () => {
    const sizes: [number, number, string][] = [
      [640, 360, 'SD'],
      [640, 480, 'SD'],
      [720, 576, 'SD'],
      [1280, 720, '1MP'],
      [1280, 960, '1MP'],
      [1920, 1080, '2MP'],
      [1600, 1200, '2MP'],
      [2048, 1536, '4MP'],
      [2560, 1440, '4MP'],
      [2688, 1520, '4MP'],
      [2592, 1944, '8MP'],
      [3840, 2160, '8MP'],
    ];
    for (const [w, h, name] of sizes) expect(`${w}x${h} ${resolutionOf(w, h)}`).toBe(`${w}x${h} ${name}`);
  });

  it('takes a size the camera did not tell as 2MP', () => {
    expect(resolutionOf(null, null)).toBe('2MP');
    expect(resolutionOf(1280, null)).toBe('2MP');
  });
});
