/**
 * The bytes of a box not yet whole at the end of a read, kept until the next read completes it (decision 0212).
 * Its storage is reused, so carrying a tail allocates nothing once it has grown to the largest tail seen.
 */
export class CarriedTail {
  private store: Buffer = Buffer.alloc(0);
  length = 0;

  /** Keeps `buf[from, to)` (a copy: `buf` may be reused by its owner). */
  keep(buf: Buffer, from: number, to: number = buf.length): void {
    const n = to - from;
    if (n > this.store.length) this.store = Buffer.allocUnsafeSlow(Math.max(n, 2 * this.store.length));
    buf.copy(this.store, 0, from, to);
    this.length = n;
  }

  /**
   * The tail followed by `chunk`, contiguous, in memory nobody reuses: `chunk` itself when there is no tail, else a
   * new Buffer. The tail is then empty.
   */
  join(chunk: Buffer): Buffer {
    if (this.length === 0) return chunk;
    const out = Buffer.allocUnsafe(this.length + chunk.length);
    this.store.copy(out, 0, 0, this.length);
    chunk.copy(out, this.length);
    this.length = 0;
    return out;
  }

  /** Copies the tail to the front of `target` (which must hold it) and returns its length. The tail is then empty. */
  moveTo(target: Buffer): number {
    const n = this.length;
    this.store.copy(target, 0, 0, n);
    this.length = 0;
    return n;
  }
}
