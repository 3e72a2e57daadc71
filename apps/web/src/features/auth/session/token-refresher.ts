import {
  REFRESH_MOBILE_APP_RETRY_DELAY_MS,
  type RefreshResult,
  TOKEN_REFRESH_INTERVAL_MOBILE_APP_MS,
  TOKEN_REFRESH_INTERVAL_MS,
  TOKEN_REFRESH_ON_VISIBILITY_AFTER_MS,
  type WebLogin,
} from '@vigil/contracts';
import { NetworkError } from '../../../shared/api/client.ts';
import type { Session } from '../../../shared/session/store.ts';
import { readJson, STORAGE_KEYS } from '../../../shared/storage/local.ts';
import { acquireRefreshLock, type LockDeps } from './refresh-lock.ts';

export interface RefresherDeps extends Omit<LockDeps, 'owner'> {
  session: {
    get: () => Session | null;
    set: (s: Session | null) => void;
    reload: () => void;
  };
  refresh: (webLogin: WebLogin, time: number, app: boolean) => Promise<RefreshResult>;
  app: boolean;
  /** Shows the connectivity screen. */
  onNetworkError: () => void;
  /** The session is over: the caller sends the user to sign-in. */
  onInvalidToken: () => void;
  /** Error reporting ("logs it", spec 000 §4). */
  report: (error: unknown, info: string) => void;
}

/**
 * Token refresh (spec 000 §4, §8): every 10 minutes (8 in the mobile app) and when the tab becomes visible after
 * more than 8 minutes, under the cross-tab lock. A network error calls the network-error handler (in the app after
 * one retry 2 s later); any other failure clears the stored login, reports it and calls the invalid-token handler.
 */
export class TokenRefresher {
  readonly #d: RefresherDeps;
  readonly #owner = Math.random().toString(36).slice(2);
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<void> | undefined;
  readonly #onVisible = () => {
    if (document.visibilityState === 'visible' && this.due()) void this.refreshNow();
  };

  constructor(deps: RefresherDeps) {
    this.#d = deps;
  }

  get intervalMs(): number {
    return this.#d.app ? TOKEN_REFRESH_INTERVAL_MOBILE_APP_MS : TOKEN_REFRESH_INTERVAL_MS;
  }

  /** When any tab last refreshed (or signed in). */
  lastRefresh(): number {
    return readJson<number>(STORAGE_KEYS.lastTokenRefresh, this.#d.storage) ?? 0;
  }

  /**
   * Whether this tab should refresh now: more than 8 minutes since any tab last did. Every tab runs its own timer;
   * a tab whose timer fires just after another tab refreshed takes those tokens (through storage) instead.
   */
  due(): boolean {
    return this.#d.now() - this.lastRefresh() > TOKEN_REFRESH_ON_VISIBILITY_AFTER_MS;
  }

  markFresh(): void {
    this.#d.storage.setItem(STORAGE_KEYS.lastTokenRefresh, String(this.#d.now()));
  }

  start(): void {
    this.stop();
    this.#timer = setInterval(() => {
      if (this.due()) void this.refreshNow();
    }, this.intervalMs);
    document.addEventListener('visibilitychange', this.#onVisible);
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    document.removeEventListener('visibilitychange', this.#onVisible);
  }

  /** One refresh at a time per tab; a second call joins the running one. */
  refreshNow(): Promise<void> {
    this.#running ??= this.#refresh().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #refresh(): Promise<void> {
    const d = this.#d;
    const before = d.session.get()?.webLogin;
    if (!before) return;
    let release: () => void;
    try {
      release = await acquireRefreshLock({ ...d, owner: this.#owner });
    } catch (err) {
      // Another tab is refreshing: its new tokens reach this tab through local storage.
      d.report(err, 'token refresh lock');
      return;
    }
    try {
      const stored = readJson<Session>(STORAGE_KEYS.login, d.storage);
      if (!stored?.webLogin) return;
      if (stored.webLogin.loginToken !== before.loginToken || !this.due()) {
        // Another tab refreshed while this one waited: take its tokens instead of spending them again.
        d.session.reload();
        return;
      }
      const r = await this.#callWithAppRetry(stored.webLogin);
      const current = d.session.get() ?? stored;
      d.session.set({
        ...current,
        authToken: r.authToken,
        managementToken: r.managementToken,
        expiresIn: r.expiresIn,
        webLogin: {
          ...stored.webLogin,
          loginToken: r.loginToken,
          seriesId: r.seriesId,
          uid: r.uid,
          // A single sign-on provider that rotates its refresh tokens sends the next one (decision 0832).
          ...(r.ssoRefreshToken ? { ssoRefreshToken: r.ssoRefreshToken } : {}),
        },
      });
      this.markFresh();
    } catch (err) {
      if (err instanceof NetworkError) {
        d.onNetworkError();
        return;
      }
      d.session.set(null);
      d.report(err, 'token refresh');
      d.onInvalidToken();
    } finally {
      release();
    }
  }

  async #callWithAppRetry(webLogin: WebLogin): Promise<RefreshResult> {
    const d = this.#d;
    try {
      return await d.refresh(webLogin, d.now(), d.app);
    } catch (err) {
      if (!(d.app && err instanceof NetworkError)) throw err;
      await d.sleep(REFRESH_MOBILE_APP_RETRY_DELAY_MS);
      return d.refresh(webLogin, d.now(), d.app);
    }
  }
}
