import { STORAGE_KEYS } from '../storage/local.ts';

/**
 * Mobile-app wrapper mode (spec 000 §1). The native wrapper opens the web app once with `?app=true` (or sets
 * localStorage.platform itself); the flag is kept so in-app navigation and reloads stay in app mode.
 */
export const APP_PLATFORM = 'app';

export function detectAppMode(search: string, storage: Storage = localStorage): boolean {
  const q = new URLSearchParams(search).get('app');
  if (q === 'true' || q === '1') storage.setItem(STORAGE_KEYS.platform, APP_PLATFORM);
  else if (q === 'false' || q === '0') storage.removeItem(STORAGE_KEYS.platform);
  return storage.getItem(STORAGE_KEYS.platform) === APP_PLATFORM;
}
