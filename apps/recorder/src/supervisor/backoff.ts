/** Delay before restart attempt number `failures` (1-based): initial, doubling, capped. */
export function backoffDelay(failures: number, initialMs: number, maxMs: number): number {
  if (failures <= 0) return 0;
  return Math.min(maxMs, initialMs * 2 ** Math.min(failures - 1, 30));
}
