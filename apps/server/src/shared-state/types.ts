/**
 * Request state that every server instance behind a load balancer must see alike (decision 0605): request-rate
 * counts and the sign-in throttle's failure counts. The embedded default keeps them in memory (`memory.ts`); a
 * fleet sets SHARED_STATE_URL and keeps them in Redis (`redis.ts`). Token-refresh grace is not here: it lives in
 * the database already (`login_tokens.superseded_at`), which every instance shares.
 */

/** Requests counted in one fixed window: how many so far, and the milliseconds until the window ends. */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

export interface LimitStore {
  /** Counts one request for `key` in its window; a window starts at the first request and lasts `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

/** Consecutive sign-in failures and the app-clock time of the last one. */
export interface FailureCount {
  n: number;
  last: number;
}

export interface FailureRules {
  /** The app's clock now (the throttle's delays are judged by it, so tests can move it). */
  now: number;
  /** A quiet spell this long starts the account-wide count afresh. */
  quietResetMs: number;
  /** Longest delay: state idle longer than this holds nobody back and may be forgotten under pressure. */
  idleMs: number;
}

/** Sign-in failures per account (all addresses) and per account + address (features/auth/login-throttle.ts). */
export interface ThrottleStore {
  read(
    account: string,
    address: string,
  ): Promise<{ total: FailureCount | undefined; address: FailureCount | undefined }>;
  /** One more failure for the account and for the account + address, in one step. */
  fail(account: string, address: string, rules: FailureRules): Promise<void>;
  clearAddress(account: string, address: string): Promise<void>;
  clearAccount(account: string): Promise<void>;
}

export interface SharedState {
  /** `memory`: this process only; `redis`: shared by every instance given the same SHARED_STATE_URL. */
  kind: 'memory' | 'redis';
  limits: LimitStore;
  throttle: ThrottleStore;
  close(): Promise<void>;
}
