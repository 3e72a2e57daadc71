import type { LoginResult, RefreshResult, WebLogin } from '@vigil/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NetworkError } from '../../../shared/api/client.ts';
import type { Session } from '../../../shared/session/store.ts';
import { STORAGE_KEYS } from '../../../shared/storage/local.ts';
import { TokenRefresher } from './token-refresher.ts';

const login = (loginToken: string) =>
  ({
    uid: 'u1',
    email: 'a@b.co',
    authToken: `auth-${loginToken}`,
    managementToken: 'm',
    webLogin: { loginToken, seriesId: 's1', uid: 'u1' },
  }) as unknown as LoginResult;

function setup(opts: { app?: boolean; refresh: (w: WebLogin) => Promise<RefreshResult> }) {
  let current: Session | null = login('lt1');
  localStorage.setItem(STORAGE_KEYS.login, JSON.stringify(current));
  const events: string[] = [];
  const waits: number[] = [];
  const r = new TokenRefresher({
    session: {
      get: () => current,
      set: (s) => {
        current = s;
        if (s) localStorage.setItem(STORAGE_KEYS.login, JSON.stringify(s));
        else localStorage.removeItem(STORAGE_KEYS.login);
      },
      reload: () => {
        current = JSON.parse(localStorage.getItem(STORAGE_KEYS.login)!) as Session;
        events.push('reload');
      },
    },
    refresh: (w) => opts.refresh(w),
    app: opts.app ?? false,
    storage: localStorage,
    now: () => 5_000_000,
    random: () => 0,
    sleep: async (ms) => {
      waits.push(ms);
    },
    onNetworkError: () => events.push('network'),
    onInvalidToken: () => events.push('invalid'),
    report: (e) => events.push(`report:${e instanceof Error ? e.message : String(e)}`),
  });
  return { r, events, waits, current: () => current };
}

const result: RefreshResult = {
  authToken: 'auth-new',
  managementToken: 'm-new',
  loginToken: 'lt2',
  seriesId: 's1',
  uid: 'u1' as RefreshResult['uid'],
  expiresIn: 1200,
};

beforeEach(() => localStorage.clear());

describe('TokenRefresher (spec 000 §4, §8)', () => {
  it('replaces auth, management and login tokens and notes the time', async () => {
    const s = setup({ refresh: async () => result });
    await s.r.refreshNow();
    expect(s.current()).toMatchObject({
      authToken: 'auth-new',
      managementToken: 'm-new',
      webLogin: { loginToken: 'lt2' },
    });
    expect(s.r.lastRefresh()).toBe(5_000_000);
    expect(localStorage.getItem(STORAGE_KEYS.refreshLock)).toBeNull();
  });

  it('keeps the single sign-on refresh token, or takes the one the provider rotated to', async () => {
    for (const [answer, kept] of [
      [result, 'sso-1'],
      [{ ...result, ssoRefreshToken: 'sso-2' }, 'sso-2'],
    ] as const) {
      localStorage.clear();
      const sent: (string | undefined)[] = [];
      const s = setup({
        refresh: async (w) => {
          sent.push(w.ssoRefreshToken);
          return answer;
        },
      });
      const signedIn = s.current()!;
      localStorage.setItem(
        STORAGE_KEYS.login,
        JSON.stringify({ ...signedIn, webLogin: { ...signedIn.webLogin, ssoRefreshToken: 'sso-1' } }),
      );
      await s.r.refreshNow();
      expect(sent).toEqual(['sso-1']);
      expect(s.current()?.webLogin).toMatchObject({ loginToken: 'lt2', ssoRefreshToken: kept });
    }
  });

  it('refreshes every 10 minutes, 8 in the mobile app', () => {
    expect(setup({ refresh: async () => result }).r.intervalMs).toBe(600_000);
    expect(setup({ app: true, refresh: async () => result }).r.intervalMs).toBe(480_000);
  });

  it('is due only when no tab refreshed in the last 8 minutes', () => {
    const s = setup({ refresh: async () => result });
    localStorage.setItem(STORAGE_KEYS.lastTokenRefresh, String(5_000_000 - 8 * 60_000));
    expect(s.r.due()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.lastTokenRefresh, String(5_000_000 - 8 * 60_000 - 1));
    expect(s.r.due()).toBe(true);
  });

  it('joins a refresh already running instead of starting a second', async () => {
    const refresh = vi.fn(async () => result);
    const s = setup({ refresh });
    await Promise.all([s.r.refreshNow(), s.r.refreshNow()]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('takes another tab’s new tokens instead of spending a used login token', async () => {
    const refresh = vi.fn(async () => result);
    const s = setup({ refresh });
    localStorage.setItem(STORAGE_KEYS.login, JSON.stringify(login('lt-from-other-tab')));
    await s.r.refreshNow();
    expect(refresh).not.toHaveBeenCalled();
    expect(s.events).toEqual(['reload']);
  });

  it('calls the network-error handler on a network error, keeping the login', async () => {
    const s = setup({
      refresh: async () => {
        throw new NetworkError('offline');
      },
    });
    await s.r.refreshNow();
    expect(s.events).toEqual(['network']);
    expect(s.current()).not.toBeNull();
  });

  it('in the mobile app retries once after 2 s first', async () => {
    let calls = 0;
    const s = setup({
      app: true,
      refresh: async () => {
        calls += 1;
        if (calls === 1) throw new NetworkError('offline');
        return result;
      },
    });
    await s.r.refreshNow();
    expect([calls, s.waits, s.events]).toEqual([2, [2_000], []]);
  });

  it('clears the login, reports and calls the invalid-token handler on any other failure', async () => {
    const s = setup({
      refresh: async () => {
        throw new ApiRequestError(401, 'series_revoked', 'Your session has ended');
      },
    });
    await s.r.refreshNow();
    expect(s.current()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
    expect(s.events).toEqual(['report:Your session has ended', 'invalid']);
  });

  it('reports the lock message and keeps the session when another tab holds the lock too long', async () => {
    const refresh = vi.fn(async () => result);
    const s = setup({ refresh });
    localStorage.setItem(STORAGE_KEYS.refreshLock, JSON.stringify({ owner: 'other', until: 9_999_999_999 }));
    await s.r.refreshNow();
    expect(refresh).not.toHaveBeenCalled();
    expect(s.events).toEqual([
      'report:Max handleRefreshToken attempts exceeded: login token is still locked',
    ]);
    expect(s.current()).not.toBeNull();
  });
});
