/** The first restart waits as long as systemd's RestartSec=1 in deploy/systemd/vigil.service. */
export const RESTART_FIRST_MS = 1_000;
/** A server that keeps crashing at start is retried at most this far apart (it may be waiting for its database). */
export const RESTART_MAX_MS = 30_000;

/** Delay before the next start after `failures` quick exits in a row (1 → 1 s, doubling, capped). */
export function nextBackoffMs(failures: number): number {
  if (failures <= 1) return RESTART_FIRST_MS;
  return Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** (failures - 1));
}
