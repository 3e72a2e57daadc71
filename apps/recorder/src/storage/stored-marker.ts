import type { EpochMs } from '@vigil/contracts';
import type { RecorderLog } from '../log.ts';
import type { SegmentsRepository } from './segments-repository.ts';

/** Paths marked per UPDATE batch at most (a backlog uploaded after an outage comes in thousands). */
const MAX_BATCH = 500;

/**
 * Marks segments uploaded to the bucket in the index (decision 0856), a batch per `delayMs` (uploads come one by one;
 * a row per upload would double the index's write rate). A failed write is retried with the next batch; a mark lost
 * (a crash in between) leaves the row unmarked: its footage is then offline with its recorder, as before the mark,
 * until that recorder uploads it again at its next start (it re-queues every file left on its disk).
 */
export class StoredMarker {
  readonly #repo: SegmentsRepository;
  readonly #log: RecorderLog;
  readonly #delayMs: number;
  readonly #now: () => number;
  #waiting = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;

  constructor(repo: SegmentsRepository, o: { log: RecorderLog; delayMs?: number; now?: () => number }) {
    this.#repo = repo;
    this.#log = o.log;
    this.#delayMs = o.delayMs ?? 1000;
    this.#now = o.now ?? Date.now;
  }

  add(path: string): void {
    this.#waiting.set(path, this.#now());
    this.#schedule();
  }

  #schedule(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.#delayMs);
    this.#timer.unref?.();
  }

  /** Writes what waits (the recorder stopping, tests). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
    if (this.#waiting.size === 0) return;
    const batch = [...this.#waiting].slice(0, MAX_BATCH);
    for (const [p] of batch) this.#waiting.delete(p);
    // The newest upload time of the batch: a mark is "in the bucket by then", read as a flag.
    const at = Math.max(...batch.map(([, t]) => t)) as EpochMs;
    this.#writing = this.#repo
      .markStored(
        batch.map(([p]) => p),
        at,
      )
      .catch((err: unknown) => {
        for (const [p, t] of batch) if (!this.#waiting.has(p)) this.#waiting.set(p, t);
        this.#log.warn({ err: String(err) }, 'segments uploaded but not marked yet; retried');
      })
      .finally(() => {
        this.#writing = undefined;
      });
    await this.#writing;
    if (this.#waiting.size > 0) this.#schedule();
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
