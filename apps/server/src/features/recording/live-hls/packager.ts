/** One frame's fragment (moof + mdat) as the recorder's LiveHub delivers it. */
export interface LiveFrame {
  data: Buffer;
  keyframe: boolean;
  /** The frame's duration (ms) and the wall clock at its start (ms). */
  durationMs: number;
  wallMs: number;
}

export interface PackagerTiming {
  /** EXT-X-PART-INF PART-TARGET (ms): a part is closed before the next frame would take it past this. */
  partTargetMs: number;
  /** A segment is cut at the first part boundary past this even without a keyframe (long-GOP cameras). */
  maxSegmentMs: number;
  /** Complete segments kept in the playlist: at least this much video (RFC 8216: three target durations). */
  windowMs: number;
}

/**
 * Parts of 1/3 s (3 frames at 10 fps, 5 at 15); segments cut at the first part boundary past 0.6 s (two parts):
 * Chromium's native player appends whole segments only, so its latency is about one segment (decision 0460).
 */
export const LIVE_HLS_TIMING: PackagerTiming = { partTargetMs: 334, maxSegmentMs: 600, windowMs: 6000 };

export interface LivePart {
  data: Buffer;
  durationMs: number;
  /** Opens with a keyframe: a player can start decoding here. */
  independent: boolean;
}

export interface LiveSegment {
  msn: number;
  /** The init segment (EXT-X-MAP) it is decoded with. */
  initId: number;
  /** The stream restarted before it (a new init, timestamps start over): EXT-X-DISCONTINUITY. */
  discontinuity: boolean;
  /** Wall clock of its first frame (EXT-X-PROGRAM-DATE-TIME). */
  wallMs: number;
  parts: LivePart[];
  durationMs: number;
  complete: boolean;
}

/** What the playlist is written from: the sliding window, and where the next part will be. */
export interface PackagerView {
  initId: number;
  /** Discontinuities that have slid out of the window (EXT-X-DISCONTINUITY-SEQUENCE). */
  discontinuitySequence: number;
  segments: readonly LiveSegment[];
  /** The next part to come (EXT-X-PRELOAD-HINT), as media sequence number and part index. */
  next: { msn: number; part: number };
}

/**
 * Packages a live stream's per-frame fMP4 fragments into low-latency HLS (docs/decisions/0460): segments open at
 * keyframes (and are cut at a part boundary once longer than maxSegmentMs), parts close at ~partTargetMs; a short
 * sliding window of complete segments is kept in memory. No I/O and no timers: the route waits with `onChange`.
 */
export class LiveHlsPackager {
  readonly timing: PackagerTiming;
  #init: { id: number; data: Buffer; mimeType: string } | undefined;
  #segments: LiveSegment[] = [];
  /** Frames of the part being filled. */
  #frames: LiveFrame[] = [];
  #framesMs = 0;
  #nextMsn = 0;
  #discontinuityNext = false;
  #keyframeSeen = false;
  #discontinuitySequence = 0;
  readonly #listeners = new Set<() => void>();

  constructor(timing: PackagerTiming = LIVE_HLS_TIMING) {
    this.timing = timing;
  }

  get mimeType(): string | undefined {
    return this.#init?.mimeType;
  }

  init(id: number): Buffer | undefined {
    return this.#init?.id === id ? this.#init.data : undefined;
  }

  /** A (new) init segment: the stream (re)started; what follows is decoded with it, after a discontinuity. */
  setInit(data: Buffer, mimeType: string): void {
    if (this.#init?.data.equals(data)) return;
    this.#closeSegment();
    this.#frames = [];
    this.#framesMs = 0;
    this.#init = { id: (this.#init?.id ?? -1) + 1, data, mimeType };
    this.#discontinuityNext = this.#segments.length > 0;
    this.#keyframeSeen = false;
    this.#changed();
  }

  push(f: LiveFrame): void {
    if (!this.#init) return;
    let open = this.#open();
    // After an init, wait for a keyframe: the stream must be decodable from its first segment.
    if (!this.#keyframeSeen && !f.keyframe) return;
    this.#keyframeSeen = true;
    if (f.keyframe && open && (open.parts.length > 0 || this.#frames.length > 0)) {
      this.#closePart();
      this.#closeSegment();
      open = undefined;
    }
    if (!open) {
      this.#segments.push({
        msn: this.#nextMsn++,
        initId: this.#init.id,
        discontinuity: this.#discontinuityNext,
        wallMs: f.wallMs,
        parts: [],
        durationMs: 0,
        complete: false,
      });
      this.#discontinuityNext = false;
    }
    this.#frames.push(f);
    this.#framesMs += f.durationMs;
    // Closed when the next frame (as long as this one) would pass the target: parts stay ≤ PART-TARGET.
    if (this.#framesMs + f.durationMs > this.timing.partTargetMs) {
      this.#closePart();
      const seg = this.#open();
      if (seg && seg.durationMs >= this.timing.maxSegmentMs) this.#closeSegment();
    }
    this.#changed();
  }

  /** The stream stopped: what is open is finished as it is (a player gets what there was). */
  flush(): void {
    this.#closePart();
    this.#closeSegment();
    this.#changed();
  }

  view(): PackagerView {
    const open = this.#open();
    return {
      initId: this.#init?.id ?? 0,
      discontinuitySequence: this.#discontinuitySequence,
      segments: this.#segments,
      next: open ? { msn: open.msn, part: open.parts.length } : { msn: this.#nextMsn, part: 0 },
    };
  }

  /** A complete part, or undefined (not yet, or slid out of the window). */
  part(msn: number, index: number): LivePart | undefined {
    return this.#segment(msn)?.parts[index];
  }

  /** A complete segment's bytes (its parts in order), or undefined. */
  segment(msn: number): Buffer | undefined {
    const s = this.#segment(msn);
    return s?.complete ? Buffer.concat(s.parts.map((p) => p.data)) : undefined;
  }

  /**
   * Whether a blocking playlist request for `_HLS_msn`/`_HLS_part` can be answered (RFC 8216bis 6.2.5.2): the
   * segment is complete, or the part exists; a part index past a complete segment's last means the next
   * segment's first part.
   */
  ready(msn: number, part?: number): boolean {
    if (this.gone(msn)) return true;
    const s = this.#segment(msn);
    if (!s) return false;
    if (part === undefined) return s.complete;
    if (part < s.parts.length) return true;
    return s.complete && (this.#segment(msn + 1)?.parts.length ?? 0) > 0;
  }

  /**
   * A segment's bytes so far (its parts, and the frames of the part being filled when it is the open one), for
   * sending a segment progressively while it is made; undefined when it does not exist (yet, or any more).
   */
  segmentSoFar(msn: number): { data: Buffer[]; complete: boolean } | undefined {
    const s = this.#segment(msn);
    if (!s) return undefined;
    const data = s.parts.map((p) => p.data);
    if (!s.complete) data.push(...this.#frames.map((f) => f.data));
    return { data, complete: s.complete };
  }

  /** Whether the part or segment has slid out of the window or will never exist. */
  gone(msn: number): boolean {
    const first = this.#segments[0];
    return first !== undefined && msn < first.msn;
  }

  /** Called after every frame, part, segment or init; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #segment(msn: number): LiveSegment | undefined {
    const first = this.#segments[0];
    return first ? this.#segments[msn - first.msn] : undefined;
  }

  #open(): LiveSegment | undefined {
    const last = this.#segments.at(-1);
    return last && !last.complete ? last : undefined;
  }

  #closePart(): void {
    const seg = this.#open();
    if (!seg || this.#frames.length === 0) return;
    const durationMs = this.#framesMs;
    seg.parts.push({
      data: Buffer.concat(this.#frames.map((f) => f.data)),
      durationMs,
      independent: this.#frames[0]?.keyframe ?? false,
    });
    seg.durationMs += durationMs;
    this.#frames = [];
    this.#framesMs = 0;
  }

  #closeSegment(): void {
    const seg = this.#open();
    if (!seg) return;
    if (seg.parts.length === 0) this.#segments.pop();
    else seg.complete = true;
    this.#trim();
  }

  /** Drops the oldest complete segments while the rest still hold windowMs of video. */
  #trim(): void {
    const complete = this.#segments.filter((s) => s.complete);
    let total = complete.reduce((n, s) => n + s.durationMs, 0);
    while (this.#segments.length > 1) {
      const first = this.#segments[0] as LiveSegment;
      if (!first.complete || total - first.durationMs < this.timing.windowMs) break;
      total -= first.durationMs;
      this.#segments.shift();
      const next = this.#segments[0];
      if (next?.discontinuity) {
        // Its discontinuity tag goes with the segment before it: the sequence counts it instead.
        this.#discontinuitySequence += 1;
        next.discontinuity = false;
      }
    }
  }

  #changed(): void {
    for (const l of this.#listeners) l();
  }
}
