import { describe, expect, it } from 'vitest';
import { CLOCK_BITS, decodeClockBar } from './clock.ts';

/** Draws the bar code as rtsp_server.py does: start cell, bits, end cell, each `cell` pixels wide. */
function frame(ms: number, cell: number, width = 1280, height = 720): Uint8Array {
  const img = new Uint8Array(width * height);
  const bits = [
    1,
    ...Array.from({ length: CLOCK_BITS }, (_, i) => Math.floor(ms / 2 ** (CLOCK_BITS - 1 - i)) % 2),
    1,
  ];
  for (let y = height - 40; y < height - 16; y++) {
    bits.forEach((b, i) => {
      if (b) img.fill(255, y * width + 16 + i * cell, y * width + 16 + (i + 1) * cell);
    });
  }
  return img;
}

describe('decodeClockBar', () => {
  it.each([16, 10, 7])('reads the epoch ms back (cells of %i px)', (cell) => {
    for (const ms of [1_700_000_000_000, 1_795_267_753_515, 1_800_000_000_001]) {
      expect(decodeClockBar(frame(ms, cell), 1280, 720)).toBe(ms);
    }
  });

  it('finds nothing in a picture without a bar code', () => {
    expect(decodeClockBar(new Uint8Array(1280 * 720).fill(200), 1280, 720)).toBeNull();
  });
});
