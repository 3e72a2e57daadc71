/**
 * A keyframe inside a segment after its first (a segment always opens with one at 0 ms, byte 0): its media time
 * from the segment's start and the byte offset of the fragment (moof) it opens. A player can fetch a segment from
 * there with a byte range and decode without anything before it (decision 0510).
 */
export interface Keyframe {
  ms: number;
  byte: number;
}

/** The longest list kept for one segment: a 4-second segment of a camera with a keyframe every frame at 60 fps. */
const MAX_KEYFRAMES = 512;

/** The index column: `ms:byte` pairs in order, comma-separated; '' for a segment with one keyframe. */
export function encodeKeyframes(k: readonly Keyframe[]): string {
  return k
    .slice(0, MAX_KEYFRAMES)
    .map((x) => `${x.ms}:${x.byte}`)
    .join(',');
}

const PAIR = /^(\d{1,9}):(\d{1,12})$/;

/**
 * The column back into keyframes; undefined when not known (NULL: indexed before the column existed) or not
 * well formed (then the segment is simply played whole). Offsets must grow, times not go back.
 */
export function decodeKeyframes(text: string | null | undefined): Keyframe[] | undefined {
  if (text === null || text === undefined) return undefined;
  if (text === '') return [];
  const out: Keyframe[] = [];
  for (const pair of text.split(',')) {
    const m = PAIR.exec(pair);
    if (!m) return undefined;
    const k = { ms: Number(m[1]), byte: Number(m[2]) };
    const prev = out.at(-1) ?? { ms: 0, byte: 0 };
    if (k.byte <= prev.byte || k.ms < prev.ms) return undefined;
    out.push(k);
  }
  return out;
}

/** Collects a segment's keyframes as its fragments are written (the writer) or read back (recovery). */
export class KeyframeMarks {
  readonly #timescale: number;
  #firstTicks: number | undefined;
  readonly list: Keyframe[] = [];

  constructor(timescale: number) {
    this.#timescale = timescale;
  }

  /** A fragment written at `byte` in the segment; `decodeTime` its video's base decode time, if it has video. */
  add(byte: number, keyframe: boolean, decodeTime: number | undefined): void {
    if (decodeTime === undefined) return;
    this.#firstTicks ??= decodeTime;
    if (!keyframe || byte === 0) return;
    const ms = Math.round(((decodeTime - this.#firstTicks) * 1000) / this.#timescale);
    this.list.push({ ms, byte });
  }

  /** Forgets the keyframes at or past `bytes` (a segment cut short where its last write failed). */
  truncate(bytes: number): void {
    const keep = this.list.findIndex((k) => k.byte >= bytes);
    if (keep >= 0) this.list.length = keep;
  }
}
