import type { Uidd } from '@vigil/contracts';
import type { RecorderLog } from '../log.ts';
import type { SegmentStore } from '../storage/segment-store.ts';
import type { Segment, SegmentsRepository } from '../storage/segments-repository.ts';

export interface RomOptions {
  store: SegmentStore;
  segments: SegmentsRepository;
  log: RecorderLog;
  now: () => number;
  /** Video kept before an event's start (default 5000). */
  preMs?: number;
  /** Video kept after an event's end (default 5000). */
  postMs?: number;
  /** How long after its end a segment may still be claimed by an event detected late (default 15 000: a keyframe
   * interval of up to 10 s, the decode and the start refinement). */
  settleMs?: number;
}

interface Window {
  key: object;
  startMs: number;
  endMs: number | null;
}

/**
 * Record on motion (decision 0552). A rom camera's main stream is recorded like any other, and each closed
 * segment waits here; it is kept when it overlaps an event's window (pre-roll before the start, post-roll after
 * the end) and deleted, file then index row, once no event can claim it any more. Only segments closed since this
 * recorder started are candidates: after a crash, what was waiting is kept (more video, never less).
 */
export class RomKeeper {
  private readonly o: RomOptions;
  private readonly pending = new Map<Uidd, Segment[]>();
  private readonly windows = new Map<Uidd, Window[]>();
  private readonly enabled = new Set<Uidd>();
  readonly preMs: number;
  readonly postMs: number;
  private readonly settleMs: number;
  private pruning: Promise<number> = Promise.resolve(0);

  constructor(o: RomOptions) {
    this.o = o;
    this.preMs = o.preMs ?? 5000;
    this.postMs = o.postMs ?? 5000;
    this.settleMs = o.settleMs ?? 15_000;
  }

  /** Turns record-on-motion on or off for a camera; off keeps whatever was waiting. */
  setRom(uidd: Uidd, on: boolean): void {
    if (on) this.enabled.add(uidd);
    else {
      this.enabled.delete(uidd);
      this.pending.delete(uidd);
    }
  }

  forget(uidd: Uidd): void {
    this.setRom(uidd, false);
    this.windows.delete(uidd);
  }

  segmentClosed(s: Segment): void {
    if (!this.enabled.has(s.uidd) || s.stream !== 'main') return;
    const list = this.pending.get(s.uidd) ?? [];
    list.push(s);
    this.pending.set(s.uidd, list);
  }

  /** An event's window: opened with endMs null, closed by the same key with its end. */
  window(uidd: Uidd, w: Window): void {
    const list = this.windows.get(uidd) ?? [];
    const existing = list.find((x) => x.key === w.key);
    if (existing) {
      existing.startMs = Math.min(existing.startMs, w.startMs);
      existing.endMs = w.endMs;
    } else list.push({ ...w });
    this.windows.set(uidd, list);
  }

  /** Deletes the waiting segments no event can claim any more; returns how many. One pass at a time. */
  prune(): Promise<number> {
    this.pruning = this.pruning
      .then(() => this.pruneOnce())
      .catch((err: unknown) => {
        this.o.log.error({ err: String(err) }, 'record-on-motion pruning failed');
        return 0;
      });
    return this.pruning;
  }

  private async pruneOnce(): Promise<number> {
    const now = this.o.now();
    let deleted = 0;
    for (const [uidd, list] of this.pending) {
      const windows = this.windows.get(uidd) ?? [];
      const keep: Segment[] = [];
      const drop: Segment[] = [];
      for (const s of list) {
        const claimed = windows.some(
          (w) => s.endMs > w.startMs - this.preMs && (w.endMs === null || s.startMs < w.endMs + this.postMs),
        );
        if (claimed) continue; // kept for good
        if (now - s.endMs > this.preMs + this.settleMs) drop.push(s);
        else keep.push(s);
      }
      this.pending.set(uidd, keep);
      if (drop.length > 0) {
        await this.o.store.delete(drop.map((s) => s.path));
        await this.o.segments.deleteIds(drop.map((s) => s.id));
        deleted += drop.length;
      }
      // Closed windows no waiting segment can overlap any more.
      this.windows.set(
        uidd,
        windows.filter((w) => w.endMs === null || now - (w.endMs + this.postMs) < 3_600_000),
      );
    }
    if (deleted > 0) this.o.log.debug({ deleted }, 'record-on-motion dropped segments without motion');
    return deleted;
  }
}
