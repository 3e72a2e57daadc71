import type { FrameAnalysis } from './analyzer.ts';

/** The longest one event lasts: a motion that goes on longer is closed and a new event opened. */
export const MOTION_EVENT_MAX_MS = 600_000;

export interface TrackerOptions {
  /** Quiet time that ends an event: the longer of this and 1.6 analysed-picture intervals (default 2000). */
  minHoldMs?: number;
  /** An event longer than this is closed and a new one opened (default MOTION_EVENT_MAX_MS). */
  maxEventMs?: number;
}

export type TrackerStep =
  | { type: 'start'; atMs: number; fraction: number }
  | { type: 'peak'; atMs: number; fraction: number }
  | { type: 'end'; startMs: number; endMs: number; peakMs: number; peakFraction: number };

interface Open {
  startMs: number;
  peakMs: number;
  peakFraction: number;
  lastMovingMs: number;
  /** The first quiet picture after the last moving one: where the event ends if it stays quiet. */
  quietSinceMs: number | undefined;
}

/**
 * Turns analysed pictures into events: one opens at the first moving picture, grows its peak while pictures move,
 * and ends after a quiet hold (so a pause of one keyframe interval does not split it). Pure: times come in.
 */
export class MotionTracker {
  private open: Open | undefined;
  private lastMs: number | undefined;
  private intervalMs: number | undefined;
  private readonly minHoldMs: number;
  private readonly maxEventMs: number;

  constructor(o: TrackerOptions = {}) {
    this.minHoldMs = o.minHoldMs ?? 2000;
    this.maxEventMs = o.maxEventMs ?? MOTION_EVENT_MAX_MS;
  }

  get active(): boolean {
    return this.open !== undefined;
  }

  /** The quiet time that ends an event at the current picture rate. */
  get holdMs(): number {
    return Math.max(this.minHoldMs, 1.6 * (this.intervalMs ?? 0));
  }

  push(atMs: number, a: FrameAnalysis): TrackerStep[] {
    if (this.lastMs !== undefined && atMs > this.lastMs) {
      const gap = atMs - this.lastMs;
      this.intervalMs = this.intervalMs === undefined ? gap : this.intervalMs + 0.2 * (gap - this.intervalMs);
    }
    this.lastMs = atMs;
    const out: TrackerStep[] = [];
    let open = this.open;
    if (open && atMs - open.startMs >= this.maxEventMs) {
      out.push(this.close(open, atMs));
      open = undefined;
    }
    if (a.moving) {
      if (!open) {
        this.open = {
          startMs: atMs,
          peakMs: atMs,
          peakFraction: a.fraction,
          lastMovingMs: atMs,
          quietSinceMs: undefined,
        };
        out.push({ type: 'start', atMs, fraction: a.fraction });
        return out;
      }
      open.lastMovingMs = atMs;
      open.quietSinceMs = undefined;
      if (a.fraction > open.peakFraction) {
        open.peakFraction = a.fraction;
        open.peakMs = atMs;
        out.push({ type: 'peak', atMs, fraction: a.fraction });
      }
      return out;
    }
    if (open) {
      open.quietSinceMs ??= atMs;
      if (atMs - open.lastMovingMs >= this.holdMs) out.push(this.close(open, open.quietSinceMs));
    }
    return out;
  }

  /** The stream stopped: an open event ends at the last picture seen. */
  flush(): TrackerStep[] {
    const open = this.open;
    if (!open) return [];
    return [this.close(open, open.quietSinceMs ?? this.lastMs ?? open.lastMovingMs)];
  }

  private close(open: Open, endMs: number): TrackerStep {
    this.open = undefined;
    return {
      type: 'end',
      startMs: open.startMs,
      endMs: Math.max(endMs, open.startMs),
      peakMs: open.peakMs,
      peakFraction: open.peakFraction,
    };
  }
}
