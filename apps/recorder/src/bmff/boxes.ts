/**
 * A streaming reader of top-level ISO-BMFF boxes: bytes arrive in arbitrary chunks from ffmpeg's stdout, whole
 * boxes leave. A box lying within one chunk is returned as a view of it (no copy); only boxes that straddle
 * chunks are assembled.
 */
export interface Box {
  type: string;
  /** The whole box, header included. */
  data: Buffer;
}

/** Largest box accepted: a runaway size field must not make the recorder buffer forever. */
const MAX_BOX = 64 << 20;

export class BoxReader {
  private chunks: Buffer[] = [];
  private length = 0;

  /** Adds bytes; returns every box completed by them, in order. */
  push(chunk: Buffer): Box[] {
    this.chunks.push(chunk);
    this.length += chunk.length;
    const out: Box[] = [];
    for (;;) {
      const header = this.peek(16);
      if (header.length < 8) break;
      let size = header.readUInt32BE(0);
      if (size === 1) {
        if (header.length < 16) break;
        size = Number(header.readBigUInt64BE(8));
      }
      if (size < 8 || size > MAX_BOX) throw new Error(`bad box size ${size}`);
      if (this.length < size) break;
      out.push({ type: header.toString('latin1', 4, 8), data: this.take(size) });
    }
    return out;
  }

  /** Bytes received but not yet part of a whole box. */
  get pending(): number {
    return this.length;
  }

  private peek(n: number): Buffer {
    const first = this.chunks[0];
    if (!first) return Buffer.alloc(0);
    if (first.length >= n || this.chunks.length === 1) return first.subarray(0, n);
    return Buffer.concat(this.chunks, Math.min(n, this.length)).subarray(0, n);
  }

  private take(n: number): Buffer {
    const first = this.chunks[0] as Buffer;
    let out: Buffer;
    if (first.length >= n) {
      out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
    } else {
      out = Buffer.allocUnsafe(n);
      let off = 0;
      while (off < n) {
        const c = this.chunks[0] as Buffer;
        const k = Math.min(c.length, n - off);
        c.copy(out, off, 0, k);
        off += k;
        if (k === c.length) this.chunks.shift();
        else this.chunks[0] = c.subarray(k);
      }
    }
    this.length -= n;
    return out;
  }
}

/** Iterates the child boxes inside `data` from `start` (for container boxes: moov, trak, moof, traf...). */
export function* children(data: Buffer, start = 8): Generator<{ type: string; data: Buffer }> {
  let off = start;
  while (off + 8 <= data.length) {
    let size = data.readUInt32BE(off);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(off + 8));
      header = 16;
    } else if (size === 0) {
      size = data.length - off;
    }
    if (size < header || off + size > data.length) return;
    yield { type: data.toString('latin1', off + 4, off + 8), data: data.subarray(off, off + size) };
    off += size;
  }
}

export function child(data: Buffer, type: string, start = 8): Buffer | undefined {
  for (const c of children(data, start)) if (c.type === type) return c.data;
  return undefined;
}

/** Follows a path of container boxes: path(moov, 'trak', 'mdia', 'mdhd'). */
export function path(data: Buffer, ...types: string[]): Buffer | undefined {
  let cur: Buffer | undefined = data;
  for (const t of types) {
    if (!cur) return undefined;
    cur = child(cur, t);
  }
  return cur;
}
