import type {
  FailureCount,
  FailureRules,
  LimitStore,
  SharedState,
  ThrottleStore,
  WindowCount,
} from './types.ts';

/** Bounds the memory held for request counts; expired windows go first, then the oldest. */
const MAX_LIMIT_KEYS = 50_000;
const MAX_ACCOUNTS_TRACKED = 100_000;

/**
 * Fixed windows counted in this process, on the real clock (as @fastify/rate-limit's own LocalStore, which it
 * replaces: decision 0605).
 */
export class MemoryLimitStore implements LimitStore {
  readonly #windows = new Map<string, { count: number; start: number }>();

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    let w = this.#windows.get(key);
    if (!w || w.start + windowMs <= now) {
      if (!w && this.#windows.size >= MAX_LIMIT_KEYS) this.#evict(now, windowMs);
      w = { count: 0, start: now };
      // Re-inserted: the map's order stays oldest window first.
      this.#windows.delete(key);
      this.#windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, ttlMs: w.start + windowMs - now };
  }

  #evict(now: number, windowMs: number): void {
    for (const [k, w] of this.#windows) if (w.start + windowMs <= now) this.#windows.delete(k);
    for (const k of this.#windows.keys()) {
      if (this.#windows.size < MAX_LIMIT_KEYS) break;
      this.#windows.delete(k);
    }
  }
}

interface AccountState {
  total: FailureCount;
  byAddress: Map<string, FailureCount>;
}

/** The sign-in throttle's counts in this process: cleared on restart, at most 100,000 accounts. */
export class MemoryThrottleStore implements ThrottleStore {
  readonly #accounts = new Map<string, AccountState>();

  async read(account: string, address: string) {
    const a = this.#accounts.get(account);
    return { total: a?.total, address: a?.byAddress.get(address) };
  }

  async fail(account: string, address: string, r: FailureRules): Promise<void> {
    const t = r.now;
    let a = this.#accounts.get(account);
    if (!a) {
      if (this.#accounts.size >= MAX_ACCOUNTS_TRACKED) this.#sweep(t, r.idleMs);
      a = { total: { n: 0, last: t }, byAddress: new Map() };
      this.#accounts.set(account, a);
    }
    // Failures count as consecutive while they keep coming; a quiet spell starts the account's count afresh.
    a.total = { n: t - a.total.last > r.quietResetMs ? 1 : a.total.n + 1, last: t };
    const c = a.byAddress.get(address);
    a.byAddress.set(address, { n: (c?.n ?? 0) + 1, last: t });
  }

  async clearAddress(account: string, address: string): Promise<void> {
    this.#accounts.get(account)?.byAddress.delete(address);
  }

  async clearAccount(account: string): Promise<void> {
    this.#accounts.delete(account);
  }

  /** Forgets accounts whose last failure is older than the longest delay: nothing of theirs is waiting. */
  #sweep(t: number, idleMs: number): void {
    for (const [k, a] of this.#accounts) if (t - a.total.last > idleMs) this.#accounts.delete(k);
  }
}

export function memorySharedState(): SharedState {
  return {
    kind: 'memory',
    limits: new MemoryLimitStore(),
    throttle: new MemoryThrottleStore(),
    close: async () => {},
  };
}
