import { useSyncExternalStore } from 'react';

/**
 * Connectivity state (spec 000 §4): the network-error flag, set by the network-error handler, and the
 * browser's offline state. Going offline sets the flag too, so recovery always goes through the connectivity
 * screen's retry and reload (spec 001 §2) and the app restarts from a known state.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let networkError = false;

export const networkStore = {
  get: (): boolean => networkError,
  /** The network-error handler: replaces every page with the connectivity screen. */
  raise: (): void => {
    if (networkError) return;
    networkError = true;
    for (const l of listeners) l();
  },
  subscribe: (l: Listener): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** Watches the browser's offline state; returns the unsubscribe function. */
export function watchOffline(): () => void {
  if (!navigator.onLine) networkStore.raise();
  const onOffline = () => networkStore.raise();
  window.addEventListener('offline', onOffline);
  return () => window.removeEventListener('offline', onOffline);
}

export const useNetworkError = (): boolean => useSyncExternalStore(networkStore.subscribe, networkStore.get);
