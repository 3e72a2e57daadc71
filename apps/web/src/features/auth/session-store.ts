import type { LoginResult } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import { setAuthToken } from '../../shared/api/client.ts';

/** Local-storage key of the login data (spec 000 §3, "stored locally"). */
export const LOGIN_STORAGE_KEY = 'login';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: LoginResult | null = read();
setAuthToken(current?.authToken);

function read(): LoginResult | null {
  try {
    const raw = localStorage.getItem(LOGIN_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as LoginResult) : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const l of listeners) l();
}

export const sessionStore = {
  get: (): LoginResult | null => current,
  set: (login: LoginResult | null): void => {
    current = login;
    setAuthToken(login?.authToken);
    if (login) localStorage.setItem(LOGIN_STORAGE_KEY, JSON.stringify(login));
    else localStorage.removeItem(LOGIN_STORAGE_KEY);
    emit();
  },
  subscribe: (l: Listener): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

// Another tab signing out (or clearing storage) ends the session here too (spec 000 §4).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === LOGIN_STORAGE_KEY || e.key === null) {
      current = read();
      setAuthToken(current?.authToken);
      emit();
    }
  });
}

export const useSession = (): LoginResult | null =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
