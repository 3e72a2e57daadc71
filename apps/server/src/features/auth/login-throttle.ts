/**
 * Sign-in throttling after NIST SP 800-63B §5.2.2: failures slow down further attempts with growing delays instead
 * of a hard lock an attacker could switch on at will. Two keys:
 * - account + client address: a few free failures, then a delay doubling per failure (capped). Someone guessing
 *   from one address slows only their own attempts; the owner signing in from elsewhere is not affected.
 * - the account alone, across addresses: only after many failures (a distributed guess), and never for a device
 *   the account has signed in from before.
 * A successful sign-in clears its address's key (and the account's, from a known device); a password reset
 * clears both. In memory, per server instance, cleared on restart (decision 0008).
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

interface Count {
  n: number;
  last: number;
}

interface AccountState {
  total: Count;
  byAddress: Map<string, Count>;
}

const MAX_ACCOUNTS_TRACKED = 100_000;
const QUIET_RESET_MS = 86_400_000;

export class LoginThrottle {
  readonly #l: ThrottleLimits;
  readonly #now: () => number;
  readonly #accounts = new Map<string, AccountState>();

  constructor(limits: ThrottleLimits, now: () => number) {
    this.#l = limits;
    this.#now = now;
  }

  /** Seconds before this account may be tried again from this address; 0 when it may now. */
  waitSec(email: string, ip: string, knownDevice: boolean): number {
    const a = this.#accounts.get(email.toLowerCase());
    if (!a) return 0;
    const byAddress = this.#leftMs(a.byAddress.get(ip), this.#l.freePerAddress);
    const total = knownDevice ? 0 : this.#leftMs(a.total, this.#l.freePerAccount);
    return Math.ceil(Math.max(byAddress, total) / 1000);
  }

  failed(email: string, ip: string): void {
    const key = email.toLowerCase();
    const t = this.#now();
    let a = this.#accounts.get(key);
    if (!a) {
      if (this.#accounts.size >= MAX_ACCOUNTS_TRACKED) this.#sweep(t);
      a = { total: { n: 0, last: t }, byAddress: new Map() };
      this.#accounts.set(key, a);
    }
    // Failures count as consecutive while they keep coming; a day of quiet starts the account's count afresh.
    a.total = { n: t - a.total.last > QUIET_RESET_MS ? 1 : a.total.n + 1, last: t };
    const c = a.byAddress.get(ip);
    a.byAddress.set(ip, { n: (c?.n ?? 0) + 1, last: t });
  }

  succeeded(email: string, ip: string, knownDevice: boolean): void {
    const key = email.toLowerCase();
    if (knownDevice) this.#accounts.delete(key);
    else this.#accounts.get(key)?.byAddress.delete(ip);
  }

  /** A completed password reset: whoever failed before, the owner proved control of the mailbox. */
  clearAccount(email: string): void {
    this.#accounts.delete(email.toLowerCase());
  }

  #delayMs(n: number, free: number): number {
    if (n < free) return 0;
    return Math.min(this.#l.baseDelayMs * 2 ** Math.min(n - free, 30), this.#l.maxDelayMs);
  }

  #leftMs(c: Count | undefined, free: number): number {
    if (!c) return 0;
    return Math.max(0, c.last + this.#delayMs(c.n, free) - this.#now());
  }

  /** Forgets accounts whose last failure is older than the longest delay: nothing of theirs is waiting. */
  #sweep(t: number): void {
    for (const [k, a] of this.#accounts) if (t - a.total.last > this.#l.maxDelayMs) this.#accounts.delete(k);
  }
}
