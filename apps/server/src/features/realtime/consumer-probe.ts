import { randomUUID } from 'node:crypto';

/** How often each instance sends a probe through the stream to its own consumer (decision 0712). */
export const NATS_PROBE_INTERVAL_MS = 5_000;
/** A probe not read back by then: the consumer is stalled (three probe intervals). */
export const NATS_STALL_MS = 15_000;

/**
 * An end-to-end check of the realtime bus (decision 0712): every interval it publishes a probe (no listener sees it)
 * and waits to read it back through this instance's own JetStream consumer. The connection being up says nothing of
 * a consumer that stopped handing messages out (decision 0617's lost consumer); a probe not read back within
 * `stallMs` does. Only one probe is out at a time: `stalledFor` counts from the oldest one unanswered.
 */
export class ConsumerProbe {
  readonly #publish: (id: string) => Promise<void>;
  readonly #stallMs: number;
  readonly #instance = randomUUID();
  #timer: NodeJS.Timeout | undefined;
  /** The oldest probe not read back: when it was first sent, and whether its last publish failed. */
  #outstanding: { at: number; failed: boolean } | undefined;
  #n = 0;

  constructor(publish: (id: string) => Promise<void>, o: { intervalMs?: number; stallMs?: number } = {}) {
    this.#publish = publish;
    this.#stallMs = o.stallMs ?? NATS_STALL_MS;
    this.#timer = setInterval(() => this.#send(), o.intervalMs ?? NATS_PROBE_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Whether a probe id is one of this instance's (probes of other instances are dropped unread). */
  ours(id: string): boolean {
    return id.startsWith(`probe:${this.#instance}:`);
  }

  /** One of this instance's probes read back through the consumer: it hands messages out now. */
  read(id: string): void {
    if (this.ours(id)) this.#outstanding = undefined;
  }

  /** Whether the consumer has failed to hand back a probe for longer than the stall time. */
  stalled(now = Date.now()): boolean {
    return this.#outstanding !== undefined && now - this.#outstanding.at > this.#stallMs;
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #send(): void {
    // A probe in the stream and not read back yet: wait for it (or for the stall time to pass).
    if (this.#outstanding && !this.#outstanding.failed) return;
    const id = `probe:${this.#instance}:${++this.#n}`;
    const out = this.#outstanding ?? { at: Date.now(), failed: false };
    out.failed = false;
    this.#outstanding = out;
    // A publish that fails (NATS away) is sent again next interval, still counted from the first.
    this.#publish(id).catch(() => {
      out.failed = true;
    });
  }
}
