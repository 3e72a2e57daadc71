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
}

interface HeldLock {
  owner: string;
  until: number;
}

/**
 * The cross-tab refresh lock (spec 000 §4, §9): a 2 s lease in local storage, so two tabs do not spend the same
 * login token. When another tab holds it, wait a random time up to 500 ms and look again, up to 5 times, then fail
 * with the spec's message. Local storage has no compare-and-set; two tabs writing in the same instant can both
 * win, which the server's refresh grace window (REFRESH_GRACE_SEC) absorbs. Resolves to the release function.
 */
export async function acquireRefreshLock(d: LockDeps): Promise<() => void> {
  for (let attempt = 0; ; attempt += 1) {
    const held = readJson<HeldLock>(STORAGE_KEYS.refreshLock, d.storage);
    if (!held || held.until <= d.now() || held.owner === d.owner) {
      const mine: HeldLock = { owner: d.owner, until: d.now() + CROSS_TAB_REFRESH_LOCK_MS };
      d.storage.setItem(STORAGE_KEYS.refreshLock, JSON.stringify(mine));
      return () => {
        if (readJson<HeldLock>(STORAGE_KEYS.refreshLock, d.storage)?.owner === d.owner)
          d.storage.removeItem(STORAGE_KEYS.refreshLock);
      };
    }
    if (attempt >= CROSS_TAB_REFRESH_LOCK_RETRIES) throw new Error(REFRESH_LOCK_EXCEEDED_MESSAGE);
    await d.sleep(Math.floor(d.random() * CROSS_TAB_REFRESH_LOCK_MAX_WAIT_MS));
  }
}
