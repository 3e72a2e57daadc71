/**
 * Maps a stream's decode timestamps to wall-clock time: wall = media time + offset. Every fragment arrives some
 * time after its capture (network, ffmpeg's probe at start, which releases its first half second in one burst),
 * never before, so the offset is the smallest (arrival - media time) seen: the least delayed fragment is the
 * closest to its capture, and the camera's smooth timestamps are trusted between fragments. The offset only
 * moves up when the mapping falls far behind the arrivals (a camera clock running slow, a timestamp jump);
 * a camera clock running fast pulls it down by itself.
 */
export class Timeline {
  private offsetMs = Number.POSITIVE_INFINITY;
  private readonly timescale: number;
  private readonly maxBehindMs: number;

  constructor(timescale: number, maxBehindMs = 5000) {
    this.timescale = timescale;
    this.maxBehindMs = maxBehindMs;
  }

  /** Wall-clock ms of a decode time that arrived at arrivalMs. */
  toWall(ticks: number, arrivalMs: number): number {
    const mediaMs = (ticks * 1000) / this.timescale;
    const candidate = arrivalMs - mediaMs;
    if (candidate < this.offsetMs || candidate - this.offsetMs > this.maxBehindMs) this.offsetMs = candidate;
    return Math.round(mediaMs + this.offsetMs);
  }
}
