/**
 * Motion in a small grey picture against a running background (decision 0550). Per picture:
 *   1. a global gain and offset (picture ≈ a·background + b, fitted robustly) absorbs exposure and lighting
 *      changes of the whole scene; the noise level σ is the robust spread of what is left;
 *   2. pixels differing by more than the sensitivity's threshold (a multiple of σ, with a floor) are "changed";
 *   3. per 8×8 block of changed pixels, a local fit (gain, offset and a linear gradient) tells a change of light
 *      (smooth: explained by the fit) from an object (an edge or texture that was not there, or one that went);
 *   4. motion is the changed pixels of unexplained blocks and of changed blocks connected to them, as a fraction of
 *      the zones' area; a picture moves when that fraction reaches the sensitivity's minimum;
 *   5. the background learns the picture, slowly where something moves, fast where a change stays put.
 * More than half the zone changing at once unexplained by the global fit (or the residual spread jumping far above
 * its usual level) is a light switch (IR cut, lamp): the
 * background is reset and nothing moves, as the `motion` daemon's lightswitch option does.
 */

export const BLOCK = 8;

export interface SensitivityParams {
  /** A pixel changed when it differs by more than max(sigmas·σ, floor) grey levels. */
  sigmas: number;
  floor: number;
  /** The least moving area, as a fraction of the zones' area. */
  minFraction: number;
}

/** Sensitivity 1..10 (spec 001 §5) to thresholds: 10 sees 0.1 % of the zone move, 5 about 0.7 %, 1 3 %. */
export function sensitivityParams(sensitivity: number): SensitivityParams {
  const s = Math.min(10, Math.max(1, Math.round(sensitivity)));
  return {
    sigmas: 3 + (10 - s) * 0.3,
    floor: 4 + (10 - s) * 1.5,
    minFraction: 0.001 * 30 ** ((10 - s) / 9),
  };
}

/** The event's motion score 0..10 (spec 001 §3) from its peak moving fraction: 10 when a quarter of the zone moves. */
export function motionScore(fraction: number): number {
  if (fraction <= 0) return 0;
  return Math.min(10, Math.max(1, Math.round(10 * Math.sqrt(Math.min(1, fraction / 0.25)))));
}

export interface FrameAnalysis {
  moving: boolean;
  /** Moving area over the zones' area, 0..1. */
  fraction: number;
  /** Blocks whose change no lighting explains. */
  objectBlocks: number;
  /** Blocks whose change a lighting change explains. */
  lightBlocks: number;
  /** Robust noise level of the picture against the background, grey levels. */
  noise: number;
  lightSwitch: boolean;
  warmingUp: boolean;
}

export interface AnalyzerOptions {
  width: number;
  height: number;
  sensitivity: number;
  /** 1 inside the detection zones; everything when absent. */
  mask?: Uint8Array | undefined;
}

const WARMUP_FRAMES = 2;
/** Background learning rate per analysed picture outside and inside moving areas. */
const LEARN = 0.15;
const LEARN_MOVING = 0.03;
const LEARN_DEV = 0.1;
/** Pictures a change must stay put to be a ghost or a stopped object, and how fast it is then learnt. */
const STILL_FRAMES = 3;
const LEARN_STILL = 0.5;
/** A pixel must differ by this many times its usual variability. */
const DEV_SIGMAS = 3;
const LIGHT_SWITCH_FRACTION = 0.5;
/** Rank correlation above which a textured block's change is light. */
const RANK_KEEPS_ORDER = 0.85;
const LIGHT_SWITCH_NOISE_JUMP = 4;

export class MotionAnalyzer {
  readonly width: number;
  readonly height: number;
  private params: SensitivityParams;
  private mask: Uint8Array;
  private zoneArea: number;
  private bg: Float32Array | undefined;
  /** Running mean absolute difference per pixel: where the picture always changes (an on-screen clock, leaves),
   * the threshold rises. */
  private dev: Float32Array | undefined;
  /** The previous picture, and per pixel how many pictures in a row it has been changed but not moving: a change
   * that stays put (the ghost an object leaves in the background when it goes, an object that stopped) is learnt
   * into the background at once instead of counting as motion for minutes. */
  private prev: Uint8Array | undefined;
  private readonly still: Uint8Array;
  private frames = 0;
  /** Running level of σ: a sudden jump far above it is the whole scene changing, not noise. */
  private noiseLevel = 0;
  private readonly bw: number;
  private readonly bh: number;
  private readonly hist = new Uint32Array(256);
  private readonly changed: Uint8Array;
  private readonly moving: Uint8Array;

  constructor(o: AnalyzerOptions) {
    this.width = o.width;
    this.height = o.height;
    this.params = sensitivityParams(o.sensitivity);
    this.mask = o.mask ?? new Uint8Array(o.width * o.height).fill(1);
    this.zoneArea = count(this.mask);
    this.bw = Math.ceil(o.width / BLOCK);
    this.bh = Math.ceil(o.height / BLOCK);
    this.changed = new Uint8Array(o.width * o.height);
    this.still = new Uint8Array(o.width * o.height);
    this.moving = new Uint8Array(this.bw * this.bh);
  }

  setSensitivity(sensitivity: number): void {
    this.params = sensitivityParams(sensitivity);
  }

  setMask(mask: Uint8Array | undefined): void {
    this.mask = mask ?? new Uint8Array(this.width * this.height).fill(1);
    this.zoneArea = count(this.mask);
  }

  /** Compares a picture with the background; `learn: false` leaves the background as it was (start refinement). */
  analyze(frame: Uint8Array, opts: { learn?: boolean } = {}): FrameAnalysis {
    const learn = opts.learn ?? true;
    const none = (extra: Partial<FrameAnalysis> = {}): FrameAnalysis => ({
      moving: false,
      fraction: 0,
      objectBlocks: 0,
      lightBlocks: 0,
      noise: 0,
      lightSwitch: false,
      warmingUp: false,
      ...extra,
    });
    if (frame.length !== this.width * this.height) throw new Error('picture of the wrong size');
    const bg = this.bg;
    if (!bg || this.zoneArea === 0) {
      if (learn) {
        this.bg = Float32Array.from(frame);
        this.dev = new Float32Array(frame.length);
        this.frames = 1;
      }
      return none({ warmingUp: true });
    }
    if (this.frames < WARMUP_FRAMES) {
      if (learn) {
        for (let i = 0; i < bg.length; i++) bg[i]! += 0.5 * (frame[i]! - bg[i]!);
        this.frames++;
      }
      return none({ warmingUp: true });
    }

    const dev = this.dev!;
    const { a, b, sigma } = this.globalFit(frame, bg);
    const threshold = Math.max(this.params.sigmas * sigma, this.params.floor);
    const mask = this.mask;
    const changed = this.changed;
    let nChanged = 0;
    const prev = this.prev;
    const still = this.still;
    for (let i = 0; i < frame.length; i++) {
      let c =
        mask[i]! && Math.abs(frame[i]! - (a * bg[i]! + b)) > Math.max(threshold, DEV_SIGMAS * dev[i]!)
          ? 1
          : 0;
      if (c && prev && Math.abs(frame[i]! - prev[i]!) <= threshold) {
        if (learn && still[i]! < 255) still[i]!++;
        if (still[i]! >= STILL_FRAMES) c = 0;
      } else if (learn) still[i] = 0;
      changed[i] = c;
      nChanged += c;
    }
    const jump = this.noiseLevel > 0 && sigma > Math.max(LIGHT_SWITCH_NOISE_JUMP * this.noiseLevel, 8);
    if (learn && !jump) this.noiseLevel += (this.noiseLevel > 0 ? 0.1 : 1) * (sigma - this.noiseLevel);
    if (jump || nChanged > LIGHT_SWITCH_FRACTION * this.zoneArea) {
      if (learn) {
        this.bg = Float32Array.from(frame);
        this.dev = new Float32Array(frame.length);
      }
      return none({ lightSwitch: true, noise: sigma });
    }

    // Blocks: 0 quiet, 1 changed but explained by light, 2 changed by an object.
    const kind = new Uint8Array(this.bw * this.bh);
    const changedIn = new Uint16Array(this.bw * this.bh);
    let objectBlocks = 0;
    let lightBlocks = 0;
    for (let by = 0; by < this.bh; by++) {
      for (let bx = 0; bx < this.bw; bx++) {
        const k = by * this.bw + bx;
        const { n, c } = this.blockCounts(bx, by);
        changedIn[k] = c;
        if (n < 8 || c < Math.max(3, 0.15 * n)) continue;
        if (this.lightExplains(frame, bg, bx, by, sigma)) {
          kind[k] = 1;
          lightBlocks++;
        } else {
          kind[k] = 2;
          objectBlocks++;
        }
      }
    }
    // The moving region: object blocks, grown through changed blocks that touch them (an object's flat inside).
    const region = this.moving;
    region.fill(0);
    const stack: number[] = [];
    for (let k = 0; k < kind.length; k++) {
      if (kind[k] === 2) {
        region[k] = 1;
        stack.push(k);
      }
    }
    while (stack.length > 0) {
      const k = stack.pop()!;
      const bx = k % this.bw;
      const by = (k - bx) / this.bw;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = bx + dx;
          const y = by + dy;
          if (x < 0 || y < 0 || x >= this.bw || y >= this.bh) continue;
          const j = y * this.bw + x;
          if (!region[j] && kind[j] === 1) {
            region[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    let area = 0;
    let objectArea = 0;
    for (let k = 0; k < region.length; k++) {
      if (region[k]) area += changedIn[k]!;
      if (kind[k] === 2) objectArea += changedIn[k]!;
    }
    const fraction = area / this.zoneArea;
    // Light around a small unexplained spot must not make it big: the object's own blocks must count too.
    const moving =
      fraction >= this.params.minFraction && objectArea >= (this.params.minFraction / 2) * this.zoneArea;

    if (learn) {
      for (let y = 0; y < this.height; y++) {
        const rowBlock = ((y / BLOCK) | 0) * this.bw;
        for (let x = 0; x < this.width; x++) {
          const i = y * this.width + x;
          // While something moves, its region is learnt slowly (it must not become background at once); a
          // picture that does not move is learnt everywhere, flicker included.
          const slow = moving && region[rowBlock + ((x / BLOCK) | 0)];
          const rate = this.still[i]! >= STILL_FRAMES ? LEARN_STILL : slow ? LEARN_MOVING : LEARN;
          const diff = frame[i]! - (a * bg[i]! + b);
          dev[i]! += (slow ? LEARN_MOVING : LEARN_DEV) * (Math.abs(diff) - dev[i]!);
          bg[i]! += rate * (frame[i]! - bg[i]!);
        }
      }
      this.prev = Uint8Array.from(frame);
    }
    return {
      moving,
      fraction,
      objectBlocks,
      lightBlocks,
      noise: sigma,
      lightSwitch: false,
      warmingUp: false,
    };
  }

  /** picture ≈ a·bg + b by least squares over the zones, refitted without outliers; σ from the median residual. */
  private globalFit(frame: Uint8Array, bg: Float32Array): { a: number; b: number; sigma: number } {
    const mask = this.mask;
    let a = 1;
    let b = 0;
    let limit = Number.POSITIVE_INFINITY;
    let sigma = 0;
    for (let pass = 0; pass < 2; pass++) {
      let n = 0;
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let sxy = 0;
      for (let i = 0; i < frame.length; i++) {
        if (!mask[i]) continue;
        const x = bg[i]!;
        const y = frame[i]!;
        if (pass > 0 && Math.abs(y - (a * x + b)) > limit) continue;
        n++;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
      }
      if (n < 2) break;
      const mx = sx / n;
      const my = sy / n;
      const vx = sxx / n - mx * mx;
      const cxy = sxy / n - mx * my;
      // A flat scene has no contrast to fit a gain on: only the offset changes.
      a = vx > 4 ? Math.min(4, Math.max(0.25, cxy / vx)) : 1;
      b = my - a * mx;
      sigma = this.residualSigma(frame, bg, a, b);
      limit = 3 * sigma + 2;
    }
    return { a, b, sigma: Math.max(0.5, sigma) };
  }

  private residualSigma(frame: Uint8Array, bg: Float32Array, a: number, b: number): number {
    const hist = this.hist;
    hist.fill(0);
    const mask = this.mask;
    let n = 0;
    for (let i = 0; i < frame.length; i++) {
      if (!mask[i]) continue;
      hist[Math.min(255, Math.round(Math.abs(frame[i]! - (a * bg[i]! + b))))]!++;
      n++;
    }
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += hist[v]!;
      if (seen * 2 >= n) return 1.4826 * Math.max(v, 0.5);
    }
    return 255;
  }

  private blockCounts(bx: number, by: number): { n: number; c: number } {
    let n = 0;
    let c = 0;
    const x1 = Math.min(this.width, (bx + 1) * BLOCK);
    const y1 = Math.min(this.height, (by + 1) * BLOCK);
    for (let y = by * BLOCK; y < y1; y++) {
      for (let x = bx * BLOCK; x < x1; x++) {
        const i = y * this.width + x;
        n += this.mask[i]!;
        c += this.changed[i]!;
      }
    }
    return { n, c };
  }

  /**
   * Whether picture ≈ g·(bg − mean) + o + gx·dx + gy·dy fits the block within the noise: a change of light (a lamp,
   * a cloud, a torch beam with a soft edge) keeps the block's structure and at most adds a gradient; an object
   * brings or removes an edge. Where the background has texture the gain must also be a plausible light's.
   */
  private lightExplains(frame: Uint8Array, bg: Float32Array, bx: number, by: number, sigma: number): boolean {
    const x0 = bx * BLOCK;
    const y0 = by * BLOCK;
    const x1 = Math.min(this.width, x0 + BLOCK);
    const y1 = Math.min(this.height, y0 + BLOCK);
    const cx = (x0 + x1 - 1) / 2;
    const cy = (y0 + y1 - 1) / 2;
    let n = 0;
    let mb = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = y * this.width + x;
        if (this.mask[i]) {
          n++;
          mb += bg[i]!;
        }
      }
    mb /= n;
    // Normal equations of the 4 unknowns [g, o, gx, gy].
    const m = new Float64Array(16);
    const r = new Float64Array(4);
    let vb = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = y * this.width + x;
        if (!this.mask[i]) continue;
        const f = [bg[i]! - mb, 1, x - cx, y - cy];
        vb += f[0]! * f[0]!;
        for (let p = 0; p < 4; p++) {
          r[p]! += f[p]! * frame[i]!;
          for (let q = 0; q < 4; q++) m[p * 4 + q]! += f[p]! * f[q]!;
        }
      }
    vb /= n;
    // A little ridge keeps the gain of a flat background near 0 instead of fitting noise.
    m[0]! += 4 * n;
    m[10]! += 0.01 * n;
    m[15]! += 0.01 * n;
    const coef = solve4(m, r);
    if (!coef) return false;
    let sse = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = y * this.width + x;
        if (!this.mask[i]) continue;
        const pred = coef[0]! * (bg[i]! - mb) + coef[1]! + coef[2]! * (x - cx) + coef[3]! * (y - cy);
        sse += (frame[i]! - pred) ** 2;
      }
    const rms = Math.sqrt(sse / n);
    const textured = vb > (3 * sigma) ** 2 + 9;
    // Light that is not uniform over the block (it brightens the scene but not an on-screen caption, or clips)
    // still keeps the order of its pixels; an object scrambles it.
    if (textured && rankCorrelation(frame, bg, this.mask, this.width, x0, y0, x1, y1) >= RANK_KEEPS_ORDER)
      return true;
    if (textured && (coef[0]! < 0.4 || coef[0]! > 3)) return false;
    return rms <= Math.max(3 * sigma, 3);
  }
}

/** Spearman's rank correlation of picture and background over a block's zone pixels. */
function rankCorrelation(
  frame: Uint8Array,
  bg: Float32Array,
  mask: Uint8Array,
  width: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number {
  const idx: number[] = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (mask[y * width + x]) idx.push(y * width + x);
  const n = idx.length;
  if (n < 8) return 0;
  const ranks = (value: (i: number) => number): Float64Array => {
    const order = idx.map((_, k) => k).sort((p, q) => value(idx[p]!) - value(idx[q]!));
    const r = new Float64Array(n);
    // Ties share their mean rank (quantised grey levels tie often).
    for (let k = 0; k < n; ) {
      let j = k;
      while (j + 1 < n && value(idx[order[j + 1]!]!) === value(idx[order[k]!]!)) j++;
      for (let t = k; t <= j; t++) r[order[t]!] = (k + j) / 2;
      k = j + 1;
    }
    return r;
  };
  const rf = ranks((i) => frame[i]!);
  const rb = ranks((i) => bg[i]!);
  const mean = (n - 1) / 2;
  let sfb = 0;
  let sff = 0;
  let sbb = 0;
  for (let k = 0; k < n; k++) {
    const f = rf[k]! - mean;
    const b = rb[k]! - mean;
    sfb += f * b;
    sff += f * f;
    sbb += b * b;
  }
  return sff > 0 && sbb > 0 ? sfb / Math.sqrt(sff * sbb) : 0;
}

function count(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i]!;
  return n;
}

/** Solves a 4×4 system by Gaussian elimination with partial pivoting; null when singular. */
function solve4(m: Float64Array, r: Float64Array): Float64Array | null {
  const a = Float64Array.from(m);
  const x = Float64Array.from(r);
  for (let c = 0; c < 4; c++) {
    let p = c;
    for (let k = c + 1; k < 4; k++) if (Math.abs(a[k * 4 + c]!) > Math.abs(a[p * 4 + c]!)) p = k;
    if (Math.abs(a[p * 4 + c]!) < 1e-9) return null;
    if (p !== c) {
      for (let k = 0; k < 4; k++) {
        const t = a[c * 4 + k]!;
        a[c * 4 + k] = a[p * 4 + k]!;
        a[p * 4 + k] = t;
      }
      const t = x[c]!;
      x[c] = x[p]!;
      x[p] = t;
    }
    for (let k = c + 1; k < 4; k++) {
      const f = a[k * 4 + c]! / a[c * 4 + c]!;
      for (let j = c; j < 4; j++) a[k * 4 + j]! -= f * a[c * 4 + j]!;
      x[k]! -= f * x[c]!;
    }
  }
  for (let c = 3; c >= 0; c--) {
    let s = x[c]!;
    for (let j = c + 1; j < 4; j++) s -= a[c * 4 + j]! * x[j]!;
    x[c] = s / a[c * 4 + c]!;
  }
  return x;
}
