/**
 * Maps a stream's decode timestamps to wall-clock time. A run of ffmpeg starts its timestamps anywhere, so the
 * first fragment anchors them to its arrival time; after that the camera's own timestamps are trusted (they
 * are smooth, arrival times jitter). The anchor moves only when the two disagree beyond reason: timestamps
 * ahead of the arrival clock (a camera clock running fast) or far behind it (a slow clock, or a timestamp jump).
 */
export class Timeline {
  private anchorTicks = 0;
  private anchorMs = 0;
  private anchored = false;

  private readonly timescale: number;
  private readonly maxAheadMs: number;
  private readonly maxBehindMs: number;

  constructor(timescale: number, maxAheadMs = 1000, maxBehindMs = 10_000) {
    this.timescale = timescale;
    this.maxAheadMs = maxAheadMs;
    this.maxBehindMs = maxBehindMs;
  }

  /** Wall-clock ms of a decode time that arrived at arrivalMs. */
  toWall(ticks: number, arrivalMs: number): number {
    if (this.anchored) {
      const ms = this.anchorMs + ((ticks - this.anchorTicks) * 1000) / this.timescale;
      if (ms - arrivalMs <= this.maxAheadMs && arrivalMs - ms <= this.maxBehindMs) return Math.round(ms);
    }
    this.anchorTicks = ticks;
    this.anchorMs = arrivalMs;
    this.anchored = true;
    return Math.round(arrivalMs);
  }

  ticksToMs(ticks: number): number {
    return (ticks * 1000) / this.timescale;
  }
}
