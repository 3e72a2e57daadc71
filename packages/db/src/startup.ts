import type { DatabaseState, DbHandle } from './handle.ts';

export interface WaitOptions {
  /** Told once, when the first probe finds the database not up (never once per try). */
  onWaiting?: (state: Exclude<DatabaseState, 'up'>) => void;
  initialMs?: number;
  maxMs?: number;
}

/**
 * Resolves once the database answers (decision 0015): a server started while PostgreSQL is down or restarting
 * waits for it, trying again with a doubling pause, instead of exiting and leaving every camera unrecorded.
 */
export async function waitForDatabase(handle: Pick<DbHandle, 'probe'>, o: WaitOptions = {}): Promise<void> {
  let pauseMs = o.initialMs ?? 500;
  let told = false;
  for (;;) {
    const state = await handle.probe();
    if (state === 'up') return;
    if (!told) o.onWaiting?.(state);
    told = true;
    await new Promise((r) => setTimeout(r, pauseMs));
    pauseMs = Math.min(pauseMs * 2, o.maxMs ?? 10_000);
  }
}
