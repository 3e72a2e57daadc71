import type { Readable } from 'node:stream';
import { CarriedTail } from '../bmff/carried-tail.ts';
import { grown, readAvailable, withReadBuffer } from './read-buffer.ts';

/**
 * Reads a child's stdout either as it comes (prompt: someone watches live) or in batches (decisions 0210, 0212).
 *
 * ffmpeg writes one fragment per frame; reading each as it arrives costs the recorder one wake-up, one read and one
 * Buffer per frame, the largest part of its own CPU. While nobody watches, the bytes wait in the kernel (the stdout
 * socket holds ~200 KB): every tick the reader drains them with read(2) on the socket's descriptor (non-blocking:
 * a short read means it is empty) into the one shared read buffer, hands them to the sink, which uses them before
 * returning (split in place, written to the segment file), and carries the bytes of an unfinished box to the front
 * of the next batch. No Buffer is allocated per read, so the garbage collector has nothing to do. A stream's tick is
 * the longest of 250, 125, 62 or 31 ms that keeps its average batch under `BATCH_BYTES`, so ffmpeg does not wait on
 * a full socket; the streams of one interval share one timer.
 *
 * Prompt reading is libuv's, through the stream's 'data' events (each a new Buffer the sink may keep). Node offers
 * no public way to stop that reading (pause() keeps reading until 64 KB are buffered), so this switches the
 * stream's libuv handle (readStart/readStop) as net.Socket itself does; without such a handle and its descriptor
 * it simply stays prompt.
 */

/**
 * Takes bytes of the stream, starting at a box boundary; returns how many it used (the rest comes again, with
 * what follows). `borrowed`: `bytes` is the shared read buffer, overwritten once this returns; else a Buffer
 * nobody reuses.
 */
export type BytesSink = (bytes: Buffer, borrowed: boolean) => number;

/** A batch stays well below what the kernel holds for an unread stdout (~200 KB with its overhead). */
export const BATCH_BYTES = 96 * 1024;
/** The longest wait while nobody watches: also what a crash of the recorder may lose (with ffmpeg's frame). */
export const MAX_TICK_MS = 250;
/** The tick intervals, longest first: halved while batches are over budget. */
const TICKS_MS = [MAX_TICK_MS, 125, 62, 31];

interface ReadHandle {
  reading: boolean;
  readonly fd: number;
  readStart(): number;
  readStop(): number;
}

function handleOf(stream: Readable): ReadHandle | undefined {
  const h = (stream as unknown as { _handle?: Partial<ReadHandle> | null })._handle;
  return h &&
    typeof h.readStart === 'function' &&
    typeof h.readStop === 'function' &&
    typeof h.fd === 'number' &&
    h.fd >= 0
    ? (h as ReadHandle)
    : undefined;
}

/** The readers of one tick interval, woken by one timer. */
class Ticker {
  private readonly readers = new Set<PacedReader>();
  private timer: NodeJS.Timeout | undefined;
  private readonly ms: number;

  constructor(ms: number) {
    this.ms = ms;
  }

  add(r: PacedReader): void {
    this.readers.add(r);
    this.timer ??= setInterval(() => this.tick(), this.ms);
  }

  delete(r: PacedReader): void {
    this.readers.delete(r);
    if (this.readers.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private tick(): void {
    // A reader may move to another interval as it reads (retune): iterate a copy.
    for (const r of Array.from(this.readers)) r.readBatch();
  }
}

const tickers = new Map<number, Ticker>();
const tickerFor = (ms: number): Ticker => {
  let t = tickers.get(ms);
  if (!t) {
    t = new Ticker(ms);
    tickers.set(ms, t);
  }
  return t;
};

export class PacedReader {
  private readonly handle: ReadHandle | undefined;
  private prompt = false;
  private ended = false;
  private level = 0;
  private ticker: Ticker | undefined;
  private batchBytes = 0;
  /** Bytes per batch, averaged over the last few. */
  private averageBytes = 0;
  /** Batches read so far (for tests and figures). */
  batches = 0;

  private lastLookAt: number;
  private readonly now: () => number;
  private readonly sink: BytesSink;
  /** The start of a box not yet whole, for the next read (prompt or paced). */
  private readonly tail = new CarriedTail();

  constructor(stream: Readable, sink: BytesSink, now: () => number = Date.now) {
    this.handle = handleOf(stream);
    this.now = now;
    this.sink = sink;
    this.lastLookAt = now();
    stream.on('data', (chunk: Buffer) => {
      const bytes = this.tail.join(chunk);
      this.tail.keep(bytes, this.sink(bytes, false));
    });
    stream.once('end', () => this.end());
    stream.once('close', () => this.end());
    if (!this.handle) this.prompt = true;
    else this.pace();
  }

  /**
   * When the reader last looked for bytes: now while prompt, else the end of its last batch. A watchdog must not
   * call a stream silent for a time nobody looked (the event loop was busy and no tick ran).
   */
  get lookedAt(): number {
    return this.prompt || this.ended ? this.now() : this.lastLookAt;
  }

  /** Whether bytes are read as they come. */
  get isPrompt(): boolean {
    return this.prompt;
  }

  /** Prompt: every write of ffmpeg is read at once (live viewers); otherwise in batches. */
  setPrompt(prompt: boolean): void {
    if (!this.handle || this.ended || prompt === this.prompt) return;
    this.prompt = prompt;
    if (prompt) {
      this.ticker?.delete(this);
      this.ticker = undefined;
      this.start();
    } else {
      this.pace();
    }
  }

  /** Reads everything to the end from now on (the process exited: what it wrote must not wait for a tick). */
  drain(): void {
    this.setPrompt(true);
  }

  /**
   * Called by the ticker: reads what waits in the socket, in as many reads as the shared buffer needs, giving the
   * sink each buffer-full (the carried tail first). At the end of the stream, or on an error, turns prompt: libuv's
   * reading then delivers the end (or the error) to the stream's listeners.
   */
  readBatch(): void {
    const handle = this.handle;
    if (this.prompt || this.ended || !handle) return;
    let bytesRead = 0;
    let finished = false;
    withReadBuffer(2 * this.tail.length, (first) => {
      let buf = first;
      let filled = this.tail.moveTo(buf);
      /** Where the bytes not yet used begin. */
      let from = 0;
      for (;;) {
        let n: number;
        try {
          // The handle's descriptor, asked each time: negative once the handle is closed (never a reused one).
          n = handle.fd < 0 ? 0 : readAvailable(handle.fd, buf, filled);
        } catch {
          // The descriptor failed: libuv's reading reports it (prompt, below).
          n = 0;
        }
        if (n <= 0) {
          finished = n === 0;
          break;
        }
        filled += n;
        bytesRead += n;
        const used = this.sink(buf.subarray(0, filled), true);
        // A short read: the socket is empty (or a viewer came: libuv reads from now on).
        if (filled < buf.length || this.prompt) {
          from = used;
          break;
        }
        // The buffer is full, more may wait: the unused rest to the front (a bigger buffer if a box fills it).
        if (used === 0) buf = grown(buf, filled);
        else buf.copyWithin(0, used, filled);
        filled -= used;
      }
      this.tail.keep(buf, from, filled);
      return buf;
    });
    this.lastLookAt = this.now();
    this.batchBytes = bytesRead;
    if (bytesRead > 0) this.batches++;
    if (finished) this.setPrompt(true);
    else this.retune();
  }

  private start(): void {
    if (!this.handle || this.ended) return;
    this.handle.reading = true;
    this.handle.readStart();
  }

  private pace(): void {
    if (!this.handle || this.ended) return;
    this.handle.reading = false;
    this.handle.readStop();
    this.ticker = tickerFor(TICKS_MS[this.level] ?? MAX_TICK_MS);
    this.ticker.add(this);
  }

  /**
   * Halves the tick while batches are over budget on average, doubles it back while they are under 40 % of it
   * (a keyframe's batch alone, several times the others, must not flip it).
   */
  private retune(): void {
    this.averageBytes = 0.75 * this.averageBytes + 0.25 * this.batchBytes;
    let level = this.level;
    if (this.averageBytes > BATCH_BYTES && level < TICKS_MS.length - 1) level++;
    else if (this.averageBytes < BATCH_BYTES * 0.4 && level > 0) level--;
    else return;
    // At the new tick a batch is about twice (or half) as big.
    this.averageBytes = level > this.level ? this.averageBytes / 2 : this.averageBytes * 2;
    this.level = level;
    this.ticker?.delete(this);
    this.ticker = tickerFor(TICKS_MS[level] ?? MAX_TICK_MS);
    this.ticker.add(this);
  }

  /** The current tick interval (ms). */
  get tickMs(): number {
    return TICKS_MS[this.level] ?? MAX_TICK_MS;
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.ticker?.delete(this);
    this.ticker = undefined;
  }
}
