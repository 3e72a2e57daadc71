import type { Readable } from 'node:stream';

/**
 * Reads a child's stdout either as it comes (prompt: someone watches live) or in batches (decision 0210).
 *
 * ffmpeg writes one fragment per frame; reading each as it arrives costs the recorder one wake-up, one read and one
 * Buffer per frame, the largest part of its own CPU. While nobody watches, the bytes can wait in the kernel (the stdout
 * socket holds ~200 KB): every tick the stream's reading is switched on for one turn of the event loop, which
 * drains what accumulated in a few 64 KB reads, then off again. A stream's tick is the longest of 250, 125, 62 or
 * 31 ms that keeps its average batch under `BATCH_BYTES`, so ffmpeg does not wait on a full socket; the streams of
 * one interval share one timer.
 *
 * Node offers no public way to stop reading a child's pipe (pause() keeps reading until 64 KB are buffered), so
 * this switches the stream's libuv handle (readStart/readStop) as net.Socket itself does; without such a handle it
 * simply stays prompt.
 */

/** A batch stays well below what the kernel holds for an unread stdout (~200 KB with its overhead). */
export const BATCH_BYTES = 96 * 1024;
/** The longest wait while nobody watches: also what a crash of the recorder may lose (with ffmpeg's frame). */
export const MAX_TICK_MS = 250;
/** The tick intervals, longest first: halved while batches are over budget. */
const TICKS_MS = [MAX_TICK_MS, 125, 62, 31];

interface ReadHandle {
  reading: boolean;
  readStart(): number;
  readStop(): number;
}

function handleOf(stream: Readable): ReadHandle | undefined {
  const h = (stream as unknown as { _handle?: Partial<ReadHandle> | null })._handle;
  return h && typeof h.readStart === 'function' && typeof h.readStop === 'function'
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
    const due = [...this.readers];
    for (const r of due) r.open();
    // The poll phase of this turn reads whatever is ready; after it, the check phase closes them again.
    setImmediate(() => {
      for (const r of due) r.close();
    });
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

  constructor(stream: Readable, onData: (chunk: Buffer) => void, now: () => number = Date.now) {
    this.handle = handleOf(stream);
    this.now = now;
    this.lastLookAt = now();
    stream.on('data', (chunk: Buffer) => {
      this.batchBytes += chunk.length;
      onData(chunk);
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

  /** Called by the ticker: reading on for this turn of the event loop. */
  open(): void {
    if (this.prompt || this.ended) return;
    this.batchBytes = 0;
    this.start();
  }

  /** Called by the ticker after the poll phase: reading off until the next tick. */
  close(): void {
    if (this.prompt || this.ended || !this.handle) return;
    this.handle.reading = false;
    this.handle.readStop();
    this.lastLookAt = this.now();
    if (this.batchBytes > 0) this.batches++;
    this.retune();
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
