/**
 * Keys of what the web app keeps in local storage (spec 000 §3, "stored locally"), in one place so logout can
 * tell what to keep.
 */
export const STORAGE_KEYS = {
  login: 'login',
  authServiceUrl: 'authServiceUrl',
  installerId: 'installerId',
  distributorId: 'distributorId',
  portalUsername: 'portalUsername',
  cameraNavigatorFilters: 'cameraNavigatorFilters',
  gridFilters: 'gridFilters',
  playbackTime: 'playbackTime',
  playbackRange: 'playbackRange',
  cameraOrder: 'cameraOrder',
  /** Named sets of cameras for the grid (/cameras/layouts/:id); kept on this device. */
  cameraLayouts: 'cameraLayouts',
  timezone: 'timezone',
  pushToken: 'pushToken',
  phoneId: 'phoneId',
  phoneName: 'phoneName',
  model: 'model',
  appVersion: 'appVersion',
  platform: 'platform',
  bannerClosed: 'bannerClosed',
  language: 'language',
  fingerprint: 'fingerprint',
  refreshLock: 'refreshLock',
  lastTokenRefresh: 'lastTokenRefresh',
  lastChunkReload: 'lastChunkReload',
} as const;

/**
 * Preferences that survive logout (spec 000 §4): they describe the device and the person's taste, not the
 * account. Everything else (login, filters, playback position, locks) is cleared.
 */
export const KEPT_ON_LOGOUT: readonly string[] = [
  STORAGE_KEYS.timezone,
  STORAGE_KEYS.pushToken,
  STORAGE_KEYS.phoneId,
  STORAGE_KEYS.phoneName,
  STORAGE_KEYS.model,
  STORAGE_KEYS.appVersion,
  STORAGE_KEYS.platform,
  STORAGE_KEYS.bannerClosed,
  STORAGE_KEYS.language,
  STORAGE_KEYS.fingerprint,
];

/** Clears local storage except the kept preferences. */
export function clearLocalData(storage: Storage = localStorage): void {
  const kept = new Map<string, string>();
  for (const k of KEPT_ON_LOGOUT) {
    const v = storage.getItem(k);
    if (v !== null) kept.set(k, v);
  }
  const remove: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const k = storage.key(i);
    if (k !== null && !kept.has(k)) remove.push(k);
  }
  for (const k of remove) storage.removeItem(k);
}

export function readJson<T>(key: string, storage: Storage = localStorage): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}
