/**
 * Cuts a stream of JPEGs (ffmpeg's image2pipe) into whole pictures by walking their markers: the header segments
 * by their lengths, then the entropy-coded data up to its end marker. Searching for FFD9 alone could cut a picture
 * short where a table's bytes happen to hold it; in entropy-coded data 0xFF is always followed by 0x00 (a stuffed
 * byte) or a restart marker, so the first other marker there is the end.
 */
export class JpegSplitter {
  private buf: Buffer = Buffer.alloc(0);
  private readonly onJpeg: (jpeg: Buffer) => void;

  constructor(onJpeg: (jpeg: Buffer) => void) {
    this.onJpeg = onJpeg;
  }

  /** Throws when the bytes are not JPEGs one after another: the stream cannot be followed any more. */
  data(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    for (;;) {
      const end = jpegEnd(this.buf);
      if (end === undefined) return;
      // A copy: the next chunk must not share (and later overwrite) the picture's memory.
      this.onJpeg(Buffer.from(this.buf.subarray(0, end)));
      this.buf = this.buf.subarray(end);
    }
  }
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const isRestart = (m: number): boolean => m >= 0xd0 && m <= 0xd7;

/** Where the JPEG at the start of buf ends, or undefined while it is incomplete. */
export function jpegEnd(buf: Buffer): number | undefined {
  if (buf.length < 2) return undefined;
  if (buf[0] !== 0xff || buf[1] !== SOI) throw new Error('not a JPEG');
  let off = 2;
  // Header segments: FF, marker, 2-byte length (which counts itself).
  for (;;) {
    if (off + 4 > buf.length) return undefined;
    if (buf[off] !== 0xff) throw new Error('JPEG marker expected');
    const marker = buf[off + 1] as number;
    if (marker === 0xff) {
      off++; // fill byte
      continue;
    }
    if (marker === EOI) return off + 2;
    const length = buf.readUInt16BE(off + 2);
    if (length < 2) throw new Error('bad JPEG segment length');
    off += 2 + length;
    if (marker === SOS) break;
  }
  // Entropy-coded data, possibly several scans: skip stuffed bytes and restarts, stop at EOI.
  for (;;) {
    const ff = buf.indexOf(0xff, off);
    if (ff < 0 || ff + 1 >= buf.length) return undefined;
    const next = buf[ff + 1] as number;
    if (next === 0x00 || next === 0xff || isRestart(next)) {
      off = ff + (next === 0xff ? 1 : 2);
      continue;
    }
    if (next === EOI) return ff + 2;
    // Another segment (a progressive JPEG's next tables and scan): skip its header, go on in its data.
    if (ff + 4 > buf.length) return undefined;
    off = ff + 2 + buf.readUInt16BE(ff + 2);
  }
}
