import {
  CROSS_TAB_REFRESH_LOCK_MAX_WAIT_MS,
  CROSS_TAB_REFRESH_LOCK_MS,
  CROSS_TAB_REFRESH_LOCK_RETRIES,
} from '@vigil/contracts';
import { readJson, STORAGE_KEYS } from '../../../shared/storage/local.ts';

/** Spec 000 §8, word for word: support searches the error reports for it. */
export const REFRESH_LOCK_EXCEEDED_MESSAGE =
  'Max handleRefreshToken attempts exceeded: login token is still locked';

export interface LockDeps {
  storage: Storage;
  now: () => number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  /** This tab's id, so a tab never waits for its own lock. */
  owner: string;
  /** The Web Locks API where the browser has it: atomic across tabs, and freed when a tab dies. */
  locks?: LockManager | undefined;
}

const WEB_LOCK_NAME = 'vigil-token-refresh';

/** Takes the Web Lock if it is free; resolves to its release function, or null when another tab holds it. */
function tryWebLock(locks: LockManager): Promise<(() => void) | null> {
  return new Promise((resolve, reject) => {
    locks
      .request(WEB_LOCK_NAME, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // Held until the refresh calls release.
        return new Promise<void>((release) => resolve(() => release()));
      })
      .catch(reject);
  });
}

/** One try at the lock: the Web Lock, else the local-storage lease. */
async function tryLock(d: LockDeps): Promise<(() => void) | null> {
  if (d.locks) return tryWebLock(d.locks);
  const held = readJson<HeldLock>(STORAGE_KEYS.refreshLock, d.storage);
  if (held && held.until > d.now() && held.owner !== d.owner) return null;
  const mine: HeldLock = { owner: d.owner, until: d.now() + CROSS_TAB_REFRESH_LOCK_MS };
  d.storage.setItem(STORAGE_KEYS.refreshLock, JSON.stringify(mine));
  return () => {
    if (readJson<HeldLock>(STORAGE_KEYS.refreshLock, d.storage)?.owner === d.owner)
      d.storage.removeItem(STORAGE_KEYS.refreshLock);
  };
}

interface HeldLock {
  owner: string;
  until: number;
}

/**
 * The cross-tab refresh lock (spec 000 §4, §9), so two tabs do not spend the same login token: when another tab
 * holds it, wait a random time up to 500 ms and look again, up to 5 times, then fail with the spec's message.
 * Browsers with the Web Locks API use it (local storage has no compare-and-set, and writes reach other tabs late);
 * elsewhere the lock is the spec's 2 s lease in local storage, whose rare double win the server's refresh grace
 * window (REFRESH_GRACE_SEC) absorbs. Resolves to the release function.
 */
export async function acquireRefreshLock(d: LockDeps): Promise<() => void> {
  for (let attempt = 0; ; attempt += 1) {
    const release = await tryLock(d);
    if (release) return release;
    if (attempt >= CROSS_TAB_REFRESH_LOCK_RETRIES) throw new Error(REFRESH_LOCK_EXCEEDED_MESSAGE);
    await d.sleep(Math.floor(d.random() * CROSS_TAB_REFRESH_LOCK_MAX_WAIT_MS));
  }
}
