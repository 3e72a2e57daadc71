import { databaseFault } from './faults.ts';

export interface OutageQueueOptions {
  /** Told once when an outage starts, once if writes are given up, once when the queue is written. */
  log: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
  /** What the writes are, for the log ("motion events"). */
  what: string;
  /** Most writes kept; past it the oldest are given up (memory stays bounded through a long outage). */
  max?: number;
  initialMs?: number;
  maxMs?: number;
}

type Write = () => Promise<void>;

/**
 * Database writes that must survive an outage (decision 0015), one at a time and in order: tried at once; a
 * database fault (`databaseFault`) keeps the write, and every later one, waiting behind it, retried with a doubling
 * pause (0.5 s → 15 s) until the database answers. Any other error is the write's own: logged, and the queue goes
 * on. A write retried after a dropped connection may already have been committed: writes must be idempotent, or
 * treat "already there" as done.
 */
export class OutageQueue {
  readonly #o: Required<Omit<OutageQueueOptions, 'log' | 'what'>> & Pick<OutageQueueOptions, 'log' | 'what'>;
  #waiting: Write[] = [];
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #pauseMs: number;
  #outage: { since: number; dropped: number } | undefined;

  constructor(o: OutageQueueOptions) {
    this.#o = { max: 10_000, initialMs: 500, maxMs: 15_000, ...o };
    this.#pauseMs = this.#o.initialMs;
  }

  /** Writes waiting for the database. */
  get pending(): number {
    return this.#waiting.length;
  }

  /** Runs `write` now, or after those already waiting; resolves once it ran or was queued (never rejects). */
  run(write: Write): Promise<void> {
    this.#waiting.push(write);
    if (this.#waiting.length > this.#o.max) {
      this.#waiting.shift();
      if (this.#outage && this.#outage.dropped++ === 0)
        this.#o.log.error(
          { max: this.#o.max },
          `database unavailable too long: oldest ${this.#o.what} given up`,
        );
    }
    if (this.#timer) return Promise.resolve();
    return this.#drain();
  }

  /** Stops retrying (shutdown); what waits is given up. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#waiting.length)
      this.#o.log.warn({ waiting: this.#waiting.length }, `stopping: ${this.#o.what} not written`);
    this.#waiting = [];
  }

  #drain(): Promise<void> {
    this.#running ??= this.#writeAll().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #writeAll(): Promise<void> {
    while (this.#waiting.length > 0) {
      const write = this.#waiting[0] as Write;
      try {
        await write();
      } catch (err) {
        if (databaseFault(err)) return this.#wait(err);
        this.#o.log.error({ err: String(err) }, `${this.#o.what}: a write failed`);
      }
      this.#waiting.shift();
    }
    if (this.#outage) {
      const { since, dropped } = this.#outage;
      this.#o.log.info({ outageMs: Date.now() - since, dropped }, `database back: ${this.#o.what} written`);
      this.#outage = undefined;
      this.#pauseMs = this.#o.initialMs;
    }
  }

  #wait(err: unknown): void {
    if (!this.#outage) {
      this.#outage = { since: Date.now(), dropped: 0 };
      this.#o.log.warn(
        { err: String(err), waiting: this.#waiting.length },
        `database unavailable: ${this.#o.what} wait until it is back`,
      );
    } else this.#pauseMs = Math.min(this.#pauseMs * 2, this.#o.maxMs);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#drain();
    }, this.#pauseMs);
  }
}
