import { crc32, deflateSync } from 'node:zlib';
import { hexChannels } from '@vigil/contracts';

/** A PNG (8-bit RGBA, no filter) of `size`² pixels, `pixel(x, y)` giving each one's [r, g, b, a]. */
export function encodePng(size: number, pixel: (x: number, y: number) => readonly number[]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The product's mark (the web app's Logo: a rounded square in the accent colour, a white lens and a stand) as a
 * PNG, for a brand that uploaded no logo or favicon: drawn here so the server needs no image library.
 */
export function defaultMark(accent: string, size: number): Buffer {
  const [r, g, b] = hexChannels(accent);
  const s = size / 32;
  return encodePng(size, (px, py) => {
    // The centre of the pixel, in the 32-unit drawing of the web app's Logo.
    const x = (px + 0.5) / s;
    const y = (py + 0.5) / s;
    const cx = Math.min(Math.max(x, 8), 24);
    const cy = Math.min(Math.max(y, 8), 24);
    if (Math.hypot(x - cx, y - cy) > 8) return [0, 0, 0, 0];
    const d = Math.hypot(x - 16, y - 15);
    const lens = (d >= 5.25 && d <= 7.75) || d <= 2.2;
    const stand = y >= 23.75 && y <= 26.25 && x >= 10 && x <= 22;
    return lens || stand ? [255, 255, 255, 255] : [r, g, b, 255];
  });
}
