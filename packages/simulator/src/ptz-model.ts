/**
 * A simulated PTZ camera's position, in ONVIF's generic spaces: pan and tilt -1..1 (right and up positive), zoom
 * 0..1. A continuous move runs at `velocity` units per second (ONVIF's generic velocity space, -1..1) until a
 * stop, its timeout, or the end of the range.
 */
export interface PtzVector {
  pan: number;
  tilt: number;
  zoom: number;
}

export const PTZ_HOME: PtzVector = { pan: 0, tilt: 0, zoom: 0 };

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

export function clampPosition(p: PtzVector): PtzVector {
  return { pan: clamp(p.pan, -1, 1), tilt: clamp(p.tilt, -1, 1), zoom: clamp(p.zoom, 0, 1) };
}

export class PtzModel {
  #at: PtzVector = { ...PTZ_HOME };
  #velocity: PtzVector = { pan: 0, tilt: 0, zoom: 0 };
  #since = 0;
  #until = Number.POSITIVE_INFINITY;

  position(now: number): PtzVector {
    const dt = Math.max(0, Math.min(now, this.#until) - this.#since) / 1000;
    const v = this.#velocity;
    return clampPosition({
      pan: this.#at.pan + v.pan * dt,
      tilt: this.#at.tilt + v.tilt * dt,
      zoom: this.#at.zoom + v.zoom * dt,
    });
  }

  /** Whether the position is still changing at `now`. */
  moving(now: number): boolean {
    if (now >= this.#until) return false;
    const a = this.position(now);
    const b = this.position(now + 1);
    return a.pan !== b.pan || a.tilt !== b.tilt || a.zoom !== b.zoom;
  }

  continuous(velocity: PtzVector, now: number, timeoutMs?: number): void {
    this.#settle(now);
    this.#velocity = {
      pan: clamp(velocity.pan, -1, 1),
      tilt: clamp(velocity.tilt, -1, 1),
      zoom: clamp(velocity.zoom, -1, 1),
    };
    this.#until = timeoutMs === undefined ? Number.POSITIVE_INFINITY : now + timeoutMs;
  }

  stop(now: number): void {
    this.#settle(now);
  }

  relative(t: PtzVector, now: number): void {
    const p = this.#settle(now);
    this.#at = clampPosition({ pan: p.pan + t.pan, tilt: p.tilt + t.tilt, zoom: p.zoom + t.zoom });
  }

  absolute(p: PtzVector, now: number): void {
    this.#settle(now);
    this.#at = clampPosition(p);
  }

  /** Fixes the position reached and ends any move. */
  #settle(now: number): PtzVector {
    this.#at = this.position(now);
    this.#velocity = { pan: 0, tilt: 0, zoom: 0 };
    this.#since = now;
    this.#until = Number.POSITIVE_INFINITY;
    return this.#at;
  }
}
