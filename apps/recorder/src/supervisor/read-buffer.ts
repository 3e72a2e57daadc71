import { readSync } from 'node:fs';

/**
 * The one buffer every paced stream reads into (decision 0212). A batch is handled synchronously from read to
 * write (split in place, written to the segment file) before the next stream's batch starts, so one buffer serves
 * them all and the hot path allocates no Buffer. 512 KB holds a batch (≤ ~200 KB wait in a stdout socket) with
 * room for a carried tail; a box larger than what is left makes it grow.
 */
const INITIAL_BYTES = 512 * 1024;

let shared: Buffer | undefined;
let lent = false;

/**
 * Lends the shared buffer, at least `min` bytes long, to `use`, which returns the buffer it ended with (a larger
 * one when a box did not fit: it becomes the shared one). A batch started from inside another (not expected) gets a
 * buffer of its own.
 */
export function withReadBuffer(min: number, use: (buf: Buffer) => Buffer): void {
  if (lent) {
    use(Buffer.allocUnsafeSlow(Math.max(min, INITIAL_BYTES)));
    return;
  }
  if (!shared || shared.length < min) shared = Buffer.allocUnsafeSlow(Math.max(min, INITIAL_BYTES));
  lent = true;
  try {
    const kept = use(shared);
    if (kept.length > shared.length) shared = kept;
  } finally {
    lent = false;
  }
}

/** A buffer twice as long holding `buf[0, n)`: a box was larger than what the buffer had room for. */
export function grown(buf: Buffer, n: number): Buffer {
  const out = Buffer.allocUnsafeSlow(buf.length * 2);
  buf.copy(out, 0, 0, n);
  return out;
}

/**
 * One read(2) of a non-blocking descriptor into `buf[from..]`: the bytes read, 0 at end of file, -1 when nothing
 * is waiting (EAGAIN). Other errors throw.
 */
export function readAvailable(fd: number, buf: Buffer, from: number): number {
  try {
    return readSync(fd, buf, from, buf.length - from, null);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return -1;
    throw err;
  }
}
