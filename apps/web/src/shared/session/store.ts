import type { LoginResult } from '@vigil/contracts';
import { useSyncExternalStore } from 'react';
import { setAuthToken } from '../api/client.ts';
import { readJson, STORAGE_KEYS } from '../storage/local.ts';
import { sortGroups } from './session-actions.ts';

/**
 * The session: the login result kept in local storage (spec 000 §3), mirrored in memory and shared by every
 * tab. Camera groups are kept sorted by name.
 */
export type Session = LoginResult;

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = null;

function emit(): void {
  for (const l of listeners) l();
}

function load(): Session | null {
  const s = readJson<Session>(STORAGE_KEYS.login);
  return s && typeof s.authToken === 'string' ? s : null;
}

export const sessionStore = {
  get: (): Session | null => current,
  /** Reads the stored login (app start, or another tab changed it). */
  reload: (): void => {
    current = load();
    setAuthToken(current?.authToken);
    emit();
  },
  set: (login: Session | null): void => {
    current = login ? { ...login, cameraGroups: sortGroups(login.cameraGroups) } : null;
    setAuthToken(current?.authToken);
    if (current) localStorage.setItem(STORAGE_KEYS.login, JSON.stringify(current));
    else localStorage.removeItem(STORAGE_KEYS.login);
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
