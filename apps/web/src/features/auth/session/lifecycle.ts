import type { LoginResult } from '@vigil/contracts';
import { ApiRequestError, NetworkError, setAuthRefusedHandler } from '../../../shared/api/client.ts';
import { paths } from '../../../shared/config/paths.ts';
import { chooseLanguage, isSupported } from '../../../shared/i18n/index.ts';
import { storeReturnPath } from '../../../shared/session/return-path.ts';
import { withOrganisations } from '../../../shared/session/session-actions.ts';
import { loginStorage, sessionStore, syncSessionAcrossTabs } from '../../../shared/session/store.ts';
import { clearLocalData, readJson, STORAGE_KEYS } from '../../../shared/storage/local.ts';
import type * as LogoutCall from '../api/logout.ts';
import type * as RefreshCall from '../api/refresh.ts';
import type * as SessionCheckCall from '../api/session-check.ts';

// The calls load with their response schemas (zod) when first made, not with the first page (decision 0760).
const logout: typeof LogoutCall.logout = async (...a) => (await import('../api/logout.ts')).logout(...a);
const refreshLogin: typeof RefreshCall.refreshLogin = async (...a) =>
  (await import('../api/refresh.ts')).refreshLogin(...a);
const checkSession: typeof SessionCheckCall.checkSession = async (...a) =>
  (await import('../api/session-check.ts')).checkSession(...a);

import { TokenRefresher } from './token-refresher.ts';

export interface LifecycleDeps {
  app: boolean;
  onNetworkError: () => void;
  report: (error: unknown, info: string) => void;
}

export type SessionLifecycle = ReturnType<typeof createSessionLifecycle>;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The session lifecycle of spec 000 §4: the check at start, sign-in, token refresh, logout, and the end of the
 * session when another tab clears it.
 */
export function createSessionLifecycle(d: LifecycleDeps) {
  /** The session ended without the user asking: come back here after signing in again. */
  const endInvoluntarily = () => {
    refresher.stop();
    // Never the sign-in page itself: a refusal answering a request still in flight once the user is there must
    // not replace where the session ended.
    if (location.pathname !== paths.signIn) storeReturnPath(location.pathname + location.search);
    clearLocalData();
    sessionStore.set(null);
  };
  const refresher = new TokenRefresher({
    session: sessionStore,
    refresh: refreshLogin,
    app: d.app,
    // The login's own storage: a login kept in this tab only has its own refresh time and lock (decision 0107).
    storage: loginStorage,
    now: () => Date.now(),
    random: Math.random,
    sleep,
    locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    onNetworkError: d.onNetworkError,
    onInvalidToken: endInvoluntarily,
    report: d.report,
  });

  let booted = false;
  // A call refused for its token after start: the session was ended elsewhere (signed out on /account, password
  // changed on another device) and this tab learns it at once; an expired token is renewed. At start the session
  // check handles its own refusal.
  setAuthRefusedHandler((code) => {
    if (!booted || !sessionStore.get()) return;
    if (code === 'token_expired') void refresher.refreshNow();
    else if (code === 'invalid_token' || code === 'series_revoked') endInvoluntarily();
  });

  /** Takes the checked account info, unless another tab signed in as someone else meanwhile. */
  const merge = (checkedToken: string, info: LoginResult) => {
    if (readJson<LoginResult>(STORAGE_KEYS.login, loginStorage)?.authToken !== checkedToken)
      return sessionStore.reload();
    sessionStore.update((s) => ({ ...s, ...info, authToken: s.authToken, webLogin: s.webLogin }));
  };

  /** The session check at start (spec 000 §4). */
  async function check(): Promise<void> {
    sessionStore.reload();
    syncSessionAcrossTabs(() => refresher.stop());
    const s = sessionStore.get();
    if (!s) return;
    try {
      merge(s.authToken, await checkSession());
    } catch (err) {
      if (err instanceof NetworkError) return d.onNetworkError();
      // The auth token outlived its 20 minutes while no tab was open: a remembered login renews it first.
      if (err instanceof ApiRequestError && err.code === 'token_expired' && s.webLogin) {
        await refresher.refreshNow();
        if (!sessionStore.get()) return;
        try {
          const renewed = sessionStore.get();
          if (renewed) merge(renewed.authToken, await checkSession());
        } catch (again) {
          if (again instanceof NetworkError) return d.onNetworkError();
          endInvoluntarily();
          return;
        }
      } else {
        // A failed session check logs out (spec 000 §4).
        clearLocalData();
        sessionStore.set(null);
        return;
      }
    }
    refresher.start();
    if (Date.now() - refresher.lastRefresh() > refresher.intervalMs) void refresher.refreshNow();
  }

  return {
    refresher,

    /** App start: the session check. Resolves once the user is known to be signed in or out. */
    async boot(): Promise<void> {
      try {
        await check();
      } finally {
        booted = true;
      }
    },

    /** `remember`: "keep me signed in"; without it the login is this tab's only (decision 0107). */
    signedIn(result: LoginResult, remember = true): void {
      // The account's language, chosen on /account, follows the person to every device they sign in on.
      if (!result.demo && isSupported(result.language)) chooseLanguage(result.language);
      sessionStore.set(result, remember);
      refresher.markFresh();
      refresher.start();
    },

    /** Add organisation, update own organisation (spec 000 §4): the organisations of fresh account info. */
    async refreshAccount(): Promise<void> {
      const s = sessionStore.get();
      if (!s) return;
      const info = await checkSession();
      if (sessionStore.get()?.uid !== info.uid) return;
      sessionStore.update((current) => withOrganisations(current, info.organisations));
    },

    /** Logout clears the timer and local data except the kept preferences (spec 000 §4). */
    async signOut(): Promise<void> {
      const s = sessionStore.get();
      refresher.stop();
      try {
        if (s) await logout(s.webLogin, localStorage.getItem(STORAGE_KEYS.phoneId) ?? undefined);
      } catch (err) {
        // Signing out of this device goes ahead anyway; the server ends an unrefreshed series by itself.
        if (!(err instanceof NetworkError)) d.report(err, 'logout');
      }
      clearLocalData();
      sessionStore.set(null);
    },
  };
}
