/**
 * The analysis picture: the decoded picture's luma averaged over square blocks into a small grey picture of about
 * 160 pixels across. ffmpeg does the averaging (crop to whole blocks, then area scaling, which over whole blocks is
 * their mean), so Node only receives ~14 KB a picture (decision 0550).
 */

/** Target width of the analysis picture; the block size is the largest whole factor that keeps it ≥ this. */
export const ANALYSIS_WIDTH = 160;

export interface AnalysisSize {
  /** Side of the square block of source pixels averaged into one analysis pixel. */
  block: number;
  width: number;
  height: number;
}

export function analysisSize(width: number, height: number): AnalysisSize {
  const block = Math.max(1, Math.floor(width / ANALYSIS_WIDTH));
  return {
    block,
    width: Math.max(1, Math.floor(width / block)),
    height: Math.max(1, Math.floor(height / block)),
  };
}

/** The ffmpeg filter that makes the analysis picture of a width×height stream. */
export function analysisFilter(s: AnalysisSize): string {
  return `crop=${s.width * s.block}:${s.height * s.block}:0:0,scale=${s.width}:${s.height}:flags=area,format=gray`;
}

/**
 * Cuts ffmpeg's stdout into analysis pictures of a known size. `wants` is asked as each picture completes: when
 * false onFrame gets null and nothing is copied.
 */
export class FrameSplitter {
  private readonly size: AnalysisSize;
  private frame: Uint8Array;
  private filled = 0;
  private readonly onFrame: (grey: Uint8Array | null, size: AnalysisSize) => void;
  private readonly wants: () => boolean;

  constructor(
    size: AnalysisSize,
    onFrame: (grey: Uint8Array | null, size: AnalysisSize) => void,
    wants: () => boolean = () => true,
  ) {
    this.size = size;
    this.frame = new Uint8Array(size.width * size.height);
    this.onFrame = onFrame;
    this.wants = wants;
  }

  data(chunk: Buffer): void {
    let off = 0;
    while (off < chunk.length) {
      const n = Math.min(chunk.length - off, this.frame.length - this.filled);
      this.frame.set(chunk.subarray(off, off + n), this.filled);
      this.filled += n;
      off += n;
      if (this.filled === this.frame.length) {
        this.filled = 0;
        if (this.wants()) {
          const done = this.frame;
          this.frame = new Uint8Array(done.length);
          this.onFrame(done, this.size);
        } else this.onFrame(null, this.size);
      }
    }
  }
}
