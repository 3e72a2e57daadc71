/**
 * Legacy: only evidence lookups still use it; every other limit is an @fastify/rate-limit hook
 * (`http/rate-limits.ts`, decision 0008), and evidence should move there too.
 *
 * Counts events per key in a fixed window. In memory, per server instance: enough for the embedded default and
 * a handful of instances (each caps its own share); a shared store is the step for larger fleets.
 */
export class WindowCounter {
  readonly #windowMs: number;
  readonly #max: number;
  readonly #now: () => number;
  readonly #hits = new Map<string, { start: number; count: number }>();

  constructor(max: number, windowMs: number, now: () => number = Date.now) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfterSec(key: string): number {
    const e = this.#hits.get(key);
    if (!e) return 0;
    const left = e.start + this.#windowMs - this.#now();
    if (left <= 0) {
      this.#hits.delete(key);
      return 0;
    }
    return e.count >= this.#max ? Math.ceil(left / 1000) : 0;
  }

  hit(key: string): void {
    const now = this.#now();
    const e = this.#hits.get(key);
    if (!e || e.start + this.#windowMs <= now) this.#hits.set(key, { start: now, count: 1 });
    else e.count += 1;
    if (this.#hits.size > 100_000) this.#sweep(now);
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(now: number): void {
    for (const [k, e] of this.#hits) if (e.start + this.#windowMs <= now) this.#hits.delete(k);
  }
}
