import type { Fragment } from '../../../shared/player/engines.ts';

interface Piece {
  mediaStart: number;
  mediaEnd: number;
  wallStart: number;
}

/**
 * Media time of a playlist (seconds, gaps left out) against the wall clock (epoch ms), from its fragments'
 * program date-times: the timeline shows where playback is, and a click on the clock finds where to seek.
 */
export class MediaMap {
  readonly #pieces: Piece[];

  constructor(fragments: readonly Fragment[]) {
    const pieces: Piece[] = [];
    let wall: number | undefined;
    for (const f of fragments) {
      // A fragment without its own date continues the previous one.
      wall = f.programDateTime ?? (wall === undefined ? undefined : wall);
      if (wall === undefined) continue;
      pieces.push({ mediaStart: f.start, mediaEnd: f.start + f.duration, wallStart: wall });
      wall += f.duration * 1000;
    }
    this.#pieces = pieces;
  }

  get empty(): boolean {
    return this.#pieces.length === 0;
  }
  get startMs(): number | undefined {
    return this.#pieces[0]?.wallStart;
  }
  get endMs(): number | undefined {
    const last = this.#pieces.at(-1);
    return last && last.wallStart + (last.mediaEnd - last.mediaStart) * 1000;
  }

  /** The wall-clock time of a media time, if inside the playlist. */
  toWall(mediaSec: number): number | undefined {
    const p = this.#find((x) => x.mediaEnd > mediaSec) ?? this.#pieces.at(-1);
    if (!p || mediaSec < p.mediaStart - 0.001) return undefined;
    return p.wallStart + (Math.min(mediaSec, p.mediaEnd) - p.mediaStart) * 1000;
  }

  /**
   * The media time of a wall-clock time; in a gap, the start of what was recorded next (`snapped`). Undefined
   * after the last recording. Within `snapMs` after a segment's start, the start itself: a segment opens on a
   * keyframe, the one frame a player can show without decoding others first (a click on a day-wide timeline
   * means nothing finer than its pixel's worth of time).
   */
  toMedia(wallMs: number, snapMs = 0): { mediaSec: number; snapped: boolean } | undefined {
    const p = this.#find((x) => x.wallStart + (x.mediaEnd - x.mediaStart) * 1000 > wallMs);
    if (!p) return undefined;
    if (wallMs - p.wallStart <= snapMs) return { mediaSec: p.mediaStart, snapped: wallMs !== p.wallStart };
    return { mediaSec: p.mediaStart + (wallMs - p.wallStart) / 1000, snapped: false };
  }

  /** The first piece for which `after` holds (they are in order, and it turns true once). */
  #find(after: (p: Piece) => boolean): Piece | undefined {
    let lo = 0;
    let hi = this.#pieces.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (after(this.#pieces[mid] as Piece)) hi = mid;
      else lo = mid + 1;
    }
    return this.#pieces[lo];
  }
}
