/** Durations kept per endpoint for the health screen's p50 / p99: the most recent this many. */
export const ENDPOINT_SAMPLES = 1000;

export interface EndpointTiming {
  route: string;
  count: number;
  p50Ms: number;
  p99Ms: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * The server's own answer times per endpoint (method and route pattern), the last ENDPOINT_SAMPLES of each in a
 * ring: exact percentiles of recent traffic for the health screen (Prometheus gets a histogram of all of it).
 */
export class EndpointTimings {
  readonly #rings = new Map<string, { samples: number[]; next: number; count: number }>();

  observe(route: string, ms: number): void {
    let r = this.#rings.get(route);
    if (!r) {
      r = { samples: [], next: 0, count: 0 };
      this.#rings.set(route, r);
    }
    if (r.samples.length < ENDPOINT_SAMPLES) r.samples.push(ms);
    else r.samples[r.next] = ms;
    r.next = (r.next + 1) % ENDPOINT_SAMPLES;
    r.count += 1;
  }

  /** The `limit` endpoints with the highest p99, slowest first. */
  slowest(limit: number): EndpointTiming[] {
    const out: EndpointTiming[] = [];
    for (const [route, r] of this.#rings) {
      const sorted = [...r.samples].sort((a, b) => a - b);
      out.push({ route, count: r.count, p50Ms: round(pct(sorted, 50)), p99Ms: round(pct(sorted, 99)) });
    }
    return out.sort((a, b) => b.p99Ms - a.p99Ms).slice(0, limit);
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;
