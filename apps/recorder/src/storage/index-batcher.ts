import type { Segment, SegmentsRepository } from './segments-repository.ts';

type Row = Omit<Segment, 'id'>;

interface Waiting {
  row: Row;
  resolve: (s: Segment) => void;
  reject: (err: unknown) => void;
}

/**
 * Indexes closed segments together: the rows of every camera that close within `delayMs` go in one multi-row
 * INSERT (16 cameras with 4 s segments: one statement a second instead of four; decision 0210). A segment's row
 * arrives at most `delayMs` later; a crash in between leaves a closed segment without its row, the newest of its
 * stream, which recovery indexes (0201). After `immediate()` (the recorder is stopping) every row is written at
 * once.
 */
export class IndexBatcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private now = false;
  private readonly repo: SegmentsRepository;
  private readonly delayMs: number;

  constructor(repo: SegmentsRepository, delayMs: number) {
    this.repo = repo;
    this.delayMs = delayMs;
  }

  add(row: Row): Promise<Segment> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      if (this.now || this.delayMs <= 0) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
    });
  }

  /** From now on rows are written as they come; what waits is written now. */
  immediate(): Promise<void> {
    this.now = true;
    return this.flush();
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    try {
      const segments = await this.repo.insertMany(batch.map((w) => w.row));
      for (const [i, w] of batch.entries()) w.resolve(segments[i] as Segment);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
