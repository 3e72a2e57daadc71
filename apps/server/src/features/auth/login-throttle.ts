import type { FailureCount, ThrottleStore } from '../../shared-state/open.ts';

/**
 * Sign-in throttling after NIST SP 800-63B §5.2.2: failures slow down further attempts with growing delays instead
 * of a hard lock an attacker could switch on at will. Two keys:
 * - account + client address: a few free failures, then a delay doubling per failure (capped). Someone guessing
 *   from one address slows only their own attempts; the owner signing in from elsewhere is not affected.
 * - the account alone, across addresses: only after many failures (a distributed guess), and never for a device
 *   the account has signed in from before.
 * A successful sign-in clears its address's key (and the account's, from a known device); a password reset
 * clears both. The counts live in a ThrottleStore (decision 0605): this process's memory in the embedded default,
 * Redis shared by every server instance of a fleet.
 */
export interface ThrottleLimits {
  /** Failures per account and address before delays start. */
  freePerAddress: number;
  /** Failures per account, all addresses together, before delays start (NIST: at most 100). */
  freePerAccount: number;
  /** The first delay; each further failure doubles it. */
  baseDelayMs: number;
  /** No delay grows past this. */
  maxDelayMs: number;
}

const QUIET_RESET_MS = 86_400_000;

export class LoginThrottle {
  readonly #l: ThrottleLimits;
  readonly #now: () => number;
  readonly #store: ThrottleStore;
  readonly #onError: (err: unknown) => void;

  /** `onError`: the store failed; the throttle then lets the attempt through (decision 0605). */
  constructor(
    limits: ThrottleLimits,
    now: () => number,
    store: ThrottleStore,
    onError: (err: unknown) => void,
  ) {
    this.#l = limits;
    this.#now = now;
    this.#store = store;
    this.#onError = onError;
  }

  /** Seconds before this account may be tried again from this address; 0 when it may now. */
  async waitSec(email: string, ip: string, knownDevice: boolean): Promise<number> {
    const a = await this.#guard(this.#store.read(email.toLowerCase(), ip));
    if (!a) return 0;
    const byAddress = this.#leftMs(a.address, this.#l.freePerAddress);
    const total = knownDevice ? 0 : this.#leftMs(a.total, this.#l.freePerAccount);
    return Math.ceil(Math.max(byAddress, total) / 1000);
  }

  async failed(email: string, ip: string): Promise<void> {
    await this.#guard(
      this.#store.fail(email.toLowerCase(), ip, {
        now: this.#now(),
        quietResetMs: QUIET_RESET_MS,
        idleMs: this.#l.maxDelayMs,
      }),
    );
  }

  async succeeded(email: string, ip: string, knownDevice: boolean): Promise<void> {
    const key = email.toLowerCase();
    await this.#guard(knownDevice ? this.#store.clearAccount(key) : this.#store.clearAddress(key, ip));
  }

  /** A completed password reset: whoever failed before, the owner proved control of the mailbox. */
  async clearAccount(email: string): Promise<void> {
    await this.#guard(this.#store.clearAccount(email.toLowerCase()));
  }

  #delayMs(n: number, free: number): number {
    if (n < free) return 0;
    return Math.min(this.#l.baseDelayMs * 2 ** Math.min(n - free, 30), this.#l.maxDelayMs);
  }

  #leftMs(c: FailureCount | undefined, free: number): number {
    if (!c) return 0;
    return Math.max(0, c.last + this.#delayMs(c.n, free) - this.#now());
  }

  async #guard<T>(p: Promise<T>): Promise<T | undefined> {
    try {
      return await p;
    } catch (err) {
      this.#onError(err);
      return undefined;
    }
  }
}
