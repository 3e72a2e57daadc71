import type { LoginResult } from '@vigil/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginStorage, sessionStore } from './store.ts';

const login = (authToken: string) => ({ uid: 'u1', authToken, cameraGroups: [] }) as unknown as LoginResult;
const stored = (s: Storage) => JSON.parse(s.getItem('login') ?? 'null')?.authToken ?? null;

describe('where the login is kept (decision 0107)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionStore.set(null);
  });

  it('keeps a remembered sign-in for every tab, one without "keep me signed in" for this tab only', () => {
    sessionStore.set(login('kept'), true);
    expect([stored(localStorage), stored(sessionStorage)]).toEqual(['kept', null]);
    sessionStore.set(null);
    sessionStore.set(login('tab'), false);
    expect([stored(localStorage), stored(sessionStorage)]).toEqual([null, 'tab']);
    // A refresh keeps it where it is; so do the login's refresh time and lock.
    sessionStore.set(login('tab2'));
    expect([stored(localStorage), stored(sessionStorage)]).toEqual([null, 'tab2']);
    loginStorage.setItem('lastTokenRefresh', '5');
    expect([localStorage.getItem('lastTokenRefresh'), sessionStorage.getItem('lastTokenRefresh')]).toEqual([
      null,
      '5',
    ]);
  });

  it("reads this tab's own login first: another tab's remembered sign-in does not replace it", () => {
    sessionStore.set(login('tab'), false);
    localStorage.setItem('login', JSON.stringify(login('other tab')));
    sessionStore.reload();
    expect(sessionStore.get()?.authToken).toBe('tab');
    sessionStore.set(null);
    expect(stored(sessionStorage)).toBeNull();
    sessionStore.reload();
    expect(sessionStore.get()?.authToken).toBe('other tab');
  });
});
