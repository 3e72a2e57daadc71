import { databaseFault } from '@vigil/db';
import { type RecorderLog, silentLog } from '../log.ts';
import type { Segment, SegmentsRepository } from './segments-repository.ts';

type Row = Omit<Segment, 'id'>;

interface Waiting {
  row: Row;
  /** With the row as indexed; undefined when it was given up (already logged, once for all). */
  resolve: (s: Segment | undefined) => void;
  reject: (err: unknown) => void;
}

export interface IndexBatcherOptions {
  log?: RecorderLog;
  /** The first retry after the database failed; each next one waits twice as long, up to retryMaxMs. */
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Rows kept while the database is away; past it the oldest are given up (their files stay on disk). */
  maxWaiting?: number;
  /** Rows per INSERT: a queue that grew during an outage is written in statements of this many. */
  maxBatch?: number;
}

/** ~1.7 h of 16 cameras with two streams cut every 4 s; a row is a few hundred bytes (decision 0015). */
export const INDEX_QUEUE_MAX = 50_000;
const MAX_BATCH = 500;

/**
 * Indexes closed segments together: the rows of every camera that close within `delayMs` go in one multi-row
 * INSERT (16 cameras with 4 s segments: one statement a second instead of four; decision 0210). A segment's row
 * arrives at most `delayMs` later; a crash in between leaves a closed segment without its row, the newest of its
 * stream, which recovery indexes (0201). After `immediate()` (the recorder is stopping) every row is written at
 * once.
 *
 * While the database is away (decision 0015) recording goes on: the rows wait, in order and up to `maxWaiting`,
 * and are written when it is back, retried with a doubling backoff. An outage is logged when it starts and when it
 * ends, not per row.
 */
export class IndexBatcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private now = false;
  private running: Promise<void> | undefined;
  /** Rows of the INSERT under way. */
  private writing = 0;
  private outage: { since: number; backoffMs: number; dropped: number } | undefined;
  private readonly repo: SegmentsRepository;
  private readonly delayMs: number;
  private readonly log: RecorderLog;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private readonly maxWaiting: number;
  private readonly maxBatch: number;

  constructor(repo: SegmentsRepository, delayMs: number, o: IndexBatcherOptions = {}) {
    this.repo = repo;
    this.delayMs = delayMs;
    this.log = o.log ?? silentLog;
    this.retryInitialMs = o.retryInitialMs ?? 500;
    this.retryMaxMs = o.retryMaxMs ?? 15_000;
    this.maxWaiting = o.maxWaiting ?? INDEX_QUEUE_MAX;
    this.maxBatch = o.maxBatch ?? MAX_BATCH;
  }

  /** Rows not yet in the table: waiting, and being written. */
  get pending(): number {
    return this.waiting.length + this.writing;
  }

  /** Resolves with the indexed segment, or undefined if its row had to be given up (logged once, not per row). */
  add(row: Row): Promise<Segment | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      this.bound();
      // During an outage the retry timer alone writes: new rows join the queue instead of trying again at once.
      if (this.outage && !this.now) return;
      if (this.now || this.delayMs <= 0) void this.drain();
      else this.timer ??= setTimeout(() => void this.drain(), this.delayMs);
    });
  }

  /** From now on rows are written as they come, and a failure is not retried; what waits is written now. */
  immediate(): Promise<void> {
    this.now = true;
    return this.drain();
  }

  /** One writer at a time, so rows reach the table in the order they came. */
  private drain(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running ??= this.write().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async write(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.writing = batch.length;
      try {
        // After a failure the INSERT may have been committed before its connection dropped: no row twice.
        const rows = batch.map((w) => w.row);
        const insert = this.outage ? this.repo.insertMissing(rows) : this.repo.insertMany(rows);
        const segments = await insert.finally(() => {
          this.writing = 0;
        });
        for (const [i, w] of batch.entries()) w.resolve(segments[i] as Segment);
        this.recovered(batch.length);
      } catch (err) {
        if (!databaseFault(err)) {
          for (const w of batch) w.reject(err);
          continue;
        }
        // The database is away: the batch goes back first in line, and the whole queue waits for a retry.
        this.waiting = [...batch, ...this.waiting];
        if (this.now) return this.giveUp(err);
        this.failed(err);
        this.bound();
        const backoff = this.outage?.backoffMs ?? this.retryInitialMs;
        this.timer = setTimeout(() => void this.drain(), backoff);
        return;
      }
    }
  }

  private failed(err: unknown): void {
    if (this.outage) {
      this.outage.backoffMs = Math.min(this.outage.backoffMs * 2, this.retryMaxMs);
      return;
    }
    this.outage = { since: Date.now(), backoffMs: this.retryInitialMs, dropped: 0 };
    this.log.warn(
      { err: String(err), waiting: this.waiting.length },
      'database unavailable: recording goes on, segment rows wait until it is back',
    );
  }

  private recovered(rows: number): void {
    const outage = this.outage;
    if (!outage || this.waiting.length > 0) return;
    this.outage = undefined;
    this.log.info(
      { outageMs: Date.now() - outage.since, lastBatch: rows, dropped: outage.dropped },
      'database back: every waiting segment row is written',
    );
  }

  /** Past `maxWaiting`, the oldest rows are given up: memory stays bounded however long the outage. */
  private bound(): void {
    const excess = this.waiting.length - this.maxWaiting;
    if (excess <= 0) return;
    const dropped = this.waiting.splice(0, excess);
    for (const w of dropped) w.resolve(undefined);
    if (this.outage) {
      if (this.outage.dropped === 0)
        this.log.error(
          { maxWaiting: this.maxWaiting },
          'database still unavailable: giving up the oldest segment rows (their files stay on disk)',
        );
      this.outage.dropped += dropped.length;
    }
  }

  /** Stopping while the database is away: the rows cannot wait any longer. Recovery indexes the newest. */
  private giveUp(err: unknown): void {
    const given = this.waiting;
    this.waiting = [];
    this.log.error(
      { err: String(err), rows: given.length },
      'database unavailable while stopping: segment rows not indexed',
    );
    for (const w of given) w.resolve(undefined);
  }
}
