/**
 * Decoded pictures as ffmpeg writes them (rawvideo, the decoder's own pixel format: no filter, see decision 0550),
 * reduced in Node to a small grey picture by averaging square blocks of the luma plane.
 */

/** Target width of the analysis picture; the block size is the largest whole factor that keeps it ≥ this. */
export const ANALYSIS_WIDTH = 160;

export interface FrameLayout {
  pixFmt: string;
  width: number;
  height: number;
  /** Bytes of one whole picture (every plane). */
  frameBytes: number;
  /** 1 for 8-bit luma, 2 for 10/12-bit little-endian. */
  sampleBytes: 1 | 2;
}

/** Chroma bytes per luma sample of the planar and semi-planar formats cameras' decoders give. */
const CHROMA: Record<string, number> = {
  gray: 0,
  yuv420p: 0.5,
  yuvj420p: 0.5,
  nv12: 0.5,
  nv21: 0.5,
  yuv422p: 1,
  yuvj422p: 1,
  yuv444p: 2,
  yuvj444p: 2,
};

/** The layout of a rawvideo picture, or null for a pixel format whose luma plane we do not know how to find. */
export function frameLayout(pixFmt: string, width: number, height: number): FrameLayout | null {
  const deep = /^(gray|yuv420p|yuv422p|yuv444p)(10|12)le$/.exec(pixFmt);
  const base = deep ? deep[1]! : pixFmt;
  const chroma = CHROMA[base];
  if (chroma === undefined || width <= 0 || height <= 0) return null;
  const sampleBytes = deep ? 2 : 1;
  return {
    pixFmt,
    width,
    height,
    frameBytes: Math.round(width * height * (1 + chroma)) * sampleBytes,
    sampleBytes,
  };
}

/**
 * ffmpeg's description of its rawvideo output, from its log at level info:
 * "Stream #0:0: Video: rawvideo (I420 / 0x30323449), yuv420p(progressive), 1920x1080, q=2-31, ...".
 */
export function parseRawOutputLine(line: string): { pixFmt: string; width: number; height: number } | null {
  const m = /Video: rawvideo[^,]*, ([a-z0-9_]+)(?:\([^)]*\))?, (\d+)x(\d+)/.exec(line);
  return m ? { pixFmt: m[1]!, width: Number(m[2]), height: Number(m[3]) } : null;
}

export interface AnalysisSize {
  /** Side of the square block of source pixels averaged into one analysis pixel. */
  block: number;
  width: number;
  height: number;
}

export function analysisSize(width: number, height: number): AnalysisSize {
  const block = Math.max(1, Math.floor(width / ANALYSIS_WIDTH));
  return { block, width: Math.floor(width / block), height: Math.max(1, Math.floor(height / block)) };
}

/**
 * Averages block×block squares of the luma plane into a small grey picture (0.6–1 ms for 1080p here: a word-wise
 * sum when the block is a multiple of 4 pixels). The source must start at a 4-byte boundary for the fast path.
 */
export class Downsampler {
  readonly size: AnalysisSize;
  private readonly layout: FrameLayout;
  private readonly acc: Uint32Array;

  constructor(layout: FrameLayout) {
    this.layout = layout;
    this.size = analysisSize(layout.width, layout.height);
    this.acc = new Uint32Array(this.size.width * this.size.height);
  }

  /** The grey picture of one raw frame (a new array each time). */
  run(frame: Uint8Array): Uint8Array {
    const { block, width: w, height: h } = this.size;
    const W = this.layout.width;
    const acc = this.acc;
    acc.fill(0);
    const fast =
      this.layout.sampleBytes === 1 && block % 4 === 0 && W % 4 === 0 && frame.byteOffset % 4 === 0;
    if (fast) {
      const words = new Uint32Array(frame.buffer, frame.byteOffset, (W * h * block) >> 2);
      const perBlock = block >> 2;
      for (let oy = 0; oy < h; oy++) {
        const o = oy * w;
        for (let ry = 0; ry < block; ry++) {
          let p = ((oy * block + ry) * W) >> 2;
          for (let ox = 0; ox < w; ox++) {
            let lo = 0;
            let hi = 0;
            for (let k = 0; k < perBlock; k++) {
              const v = words[p + k]!;
              lo += v & 0x00ff00ff;
              hi += (v >>> 8) & 0x00ff00ff;
            }
            // Two 16-bit lanes each: at most 255 × 2 × 64 per lane for blocks up to 256 px wide.
            const t = lo + hi;
            acc[o + ox]! += (t & 0xffff) + (t >>> 16);
            p += perBlock;
          }
        }
      }
    } else {
      const deep = this.layout.sampleBytes === 2;
      const shift = this.layout.pixFmt.includes('12le') ? 4 : 2;
      for (let y = 0; y < h * block; y++) {
        const o = Math.floor(y / block) * w;
        const row = y * W;
        for (let x = 0; x < w * block; x++) {
          const i = row + x;
          const v = deep ? (frame[2 * i]! | (frame[2 * i + 1]! << 8)) >> shift : frame[i]!;
          acc[o + Math.floor(x / block)]! += v;
        }
      }
    }
    const out = new Uint8Array(w * h);
    const n = block * block;
    const half = n >> 1;
    for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.floor((acc[i]! + half) / n));
    return out;
  }
}

/**
 * Cuts ffmpeg's rawvideo stdout into pictures once its log has said what they look like, and reduces each to
 * the analysis picture. Bytes that come before the layout is known are kept until it is.
 */
export class RawFrameReader {
  private layout: FrameLayout | undefined;
  private downsampler: Downsampler | undefined;
  private frame: Uint8Array | undefined;
  private filled = 0;
  private early: Buffer[] = [];
  /** Set when ffmpeg's output format is one we cannot read. */
  unsupported: string | undefined;

  private readonly onFrame: (grey: Uint8Array | null, size: AnalysisSize) => void;
  private readonly wants: () => boolean;

  /** `wants` is asked as each picture completes: when false, it is not reduced and onFrame gets null. */
  constructor(
    onFrame: (grey: Uint8Array | null, size: AnalysisSize) => void,
    wants: () => boolean = () => true,
  ) {
    this.onFrame = onFrame;
    this.wants = wants;
  }

  get size(): AnalysisSize | undefined {
    return this.downsampler?.size;
  }

  /** A line of ffmpeg's log. */
  logLine(line: string): void {
    if (this.layout || this.unsupported) return;
    const out = parseRawOutputLine(line);
    if (!out) return;
    const layout = frameLayout(out.pixFmt, out.width, out.height);
    if (!layout) {
      this.unsupported = `${out.pixFmt} ${out.width}x${out.height}`;
      return;
    }
    this.layout = layout;
    this.downsampler = new Downsampler(layout);
    // Its own buffer, so the word-wise sum can read it at a 4-byte boundary.
    this.frame = new Uint8Array(layout.frameBytes);
    const early = this.early;
    this.early = [];
    for (const b of early) this.data(b);
  }

  data(chunk: Buffer): void {
    const frame = this.frame;
    if (!frame || !this.downsampler) {
      if (!this.unsupported) this.early.push(chunk);
      return;
    }
    let off = 0;
    while (off < chunk.length) {
      const n = Math.min(chunk.length - off, frame.length - this.filled);
      frame.set(chunk.subarray(off, off + n), this.filled);
      this.filled += n;
      off += n;
      if (this.filled === frame.length) {
        this.filled = 0;
        const size = this.downsampler.size;
        this.onFrame(this.wants() ? this.downsampler.run(frame) : null, size);
      }
    }
  }
}
