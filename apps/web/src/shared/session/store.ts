import type { LoginResult } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import { setAuthToken } from '../api/client.ts';
import { readJson, STORAGE_KEYS } from '../storage/local.ts';
import { sortGroups } from './session-actions.ts';

/**
 * The session: the login result kept in local storage (spec 000 §3), mirrored in memory and shared by every
 * tab. Camera groups are kept sorted by name. A sign-in without "keep me signed in" is kept in this tab's session
 * storage instead (decision 0107): it survives a reload, and ends with the tab; other tabs do not see it.
 */
export type Session = LoginResult;

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = null;
/** Where the current login lives: every tab's storage, or this tab's only. */
let kept: 'device' | 'tab' = 'device';

function emit(): void {
  for (const l of listeners) l();
}

const valid = (s: Session | undefined): Session | null => (s && typeof s.authToken === 'string' ? s : null);

/** This tab's own login first: another tab signing in with "keep me signed in" does not replace it. */
function load(): Session | null {
  const tab = valid(readJson<Session>(STORAGE_KEYS.login, sessionStorage));
  kept = tab ? 'tab' : 'device';
  return tab ?? valid(readJson<Session>(STORAGE_KEYS.login));
}

const storageOf = (where: 'device' | 'tab'): Storage => (where === 'tab' ? sessionStorage : localStorage);

/**
 * The storage the current login's data lives in (the login, its last refresh, the refresh lock): local storage,
 * or this tab's session storage for a login that is not kept.
 */
export const loginStorage: Storage = {
  get length() {
    return storageOf(kept).length;
  },
  clear: () => storageOf(kept).clear(),
  getItem: (k) => storageOf(kept).getItem(k),
  key: (i) => storageOf(kept).key(i),
  removeItem: (k) => storageOf(kept).removeItem(k),
  setItem: (k, v) => storageOf(kept).setItem(k, v),
};

export const sessionStore = {
  get: (): Session | null => current,
  /** Reads the stored login (app start, or another tab changed it). */
  reload: (): void => {
    current = load();
    setAuthToken(current?.authToken);
    emit();
  },
  /**
   * Stores the login; `remember` (a sign-in) chooses where: every tab's storage, or with false this tab's only.
   * Without it (a refresh, a session action) the login stays where it is.
   */
  set: (login: Session | null, remember?: boolean): void => {
    if (remember !== undefined) {
      sessionStorage.removeItem(STORAGE_KEYS.login);
      kept = remember ? 'device' : 'tab';
    }
    current = login ? { ...login, cameraGroups: sortGroups(login.cameraGroups) } : null;
    setAuthToken(current?.authToken);
    if (current) storageOf(kept).setItem(STORAGE_KEYS.login, JSON.stringify(current));
    else {
      storageOf(kept).removeItem(STORAGE_KEYS.login);
      kept = 'device';
    }
    emit();
  },
  /** Applies a session action (shared/session/session-actions.ts) to the signed-in session. */
  update: (patch: (s: Session) => Session): void => {
    if (current) sessionStore.set(patch(current));
  },
  subscribe: (l: Listener): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/**
 * Another tab signing in, refreshing or signing out (or clearing local storage) changes the session here too
 * (spec 000 §4). Returns the unsubscribe function.
 */
export function syncSessionAcrossTabs(onEnded: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.storageArea !== localStorage) return;
    if (e.key !== STORAGE_KEYS.login && e.key !== null) return;
    const had = current !== null;
    sessionStore.reload();
    if (had && current === null) onEnded();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export const useSession = (): Session | null =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
