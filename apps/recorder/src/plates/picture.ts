import { runFfmpeg } from '../stills/run-ffmpeg.ts';
import type { Rgb } from './rgb.ts';

/** Pictures wider than this are read at this width: a plate readable at 1080p is readable here. */
export const MAX_PICTURE_WIDTH = 1920;

/** A picture's decode may take this long before it is given up. */
const DECODE_TIMEOUT_MS = 60_000;

/** A JPEG's size from its frame header (SOF0..SOF15 except DHT, JPG, DAC), or null. */
export function jpegSize(jpeg: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < jpeg.length) {
    if (jpeg[i] !== 0xff) return null;
    const marker = jpeg[i + 1]!;
    const len = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: (jpeg[i + 5]! << 8) | jpeg[i + 6]!, width: (jpeg[i + 7]! << 8) | jpeg[i + 8]! };
    i += 2 + len;
  }
  return null;
}

/** Decodes a JPEG to RGB with ffmpeg (already used for every picture; no JPEG decoder added), at most MAX_PICTURE_WIDTH wide. */
export async function decodeJpeg(ffmpegPath: string, jpeg: Uint8Array): Promise<Rgb> {
  const size = jpegSize(jpeg);
  if (!size) throw new Error('not a JPEG');
  const s = Math.min(1, MAX_PICTURE_WIDTH / size.width);
  // Even sizes: ffmpeg's scaler and the JPEG's chroma subsampling both like them.
  const width = Math.max(2, Math.round((size.width * s) / 2) * 2);
  const height = Math.max(2, Math.round((size.height * s) / 2) * 2);
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'image2pipe', '-i', 'pipe:0'];
  args.push(
    '-vf',
    `scale=${width}:${height}`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  );
  // It runs at the thread's nice 19: on a saturated machine it waits behind everything, so it may take long.
  const data = await runFfmpeg(ffmpegPath, args, [Buffer.from(jpeg)], DECODE_TIMEOUT_MS);
  if (data.length !== width * height * 3)
    throw new Error(`decoded ${data.length} bytes, expected ${width}×${height}`);
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
