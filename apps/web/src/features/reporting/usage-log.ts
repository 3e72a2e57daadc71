import { USAGE_LOG_FIRST_BACKOFF_MS, USAGE_LOG_RETRIES, type UsageLogBody } from '@vigil/contracts';
import { NetworkError } from '../../shared/api/client.ts';

export interface UsageLogDeps {
  send: (uid: string, body: UsageLogBody) => Promise<unknown>;
  sleep: (ms: number) => Promise<void>;
}

/** Delay before retry n (1-based): 60 s, 120 s, 240 s, ... (spec 000 §9). */
export const usageLogRetryDelay = (n: number): number => USAGE_LOG_FIRST_BACKOFF_MS * 2 ** (n - 1);

/**
 * Sends one usage-log entry; on a network error retries up to 5 times with delays from 60 s doubling, and is
 * lost after that (spec 000 §7, §8). Resolves to whether it was delivered.
 */
export async function logUsage(d: UsageLogDeps, uid: string, body: UsageLogBody): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await d.send(uid, body);
      return true;
    } catch (err) {
      if (!(err instanceof NetworkError) || attempt >= USAGE_LOG_RETRIES) return false;
      await d.sleep(usageLogRetryDelay(attempt + 1));
    }
  }
}

/** A stable id of this browser, kept across sign-outs; a random one, never derived from the device. */
export function browserFingerprint(storage: Storage, key: string): string {
  let id = storage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    storage.setItem(key, id);
  }
  return id;
}
