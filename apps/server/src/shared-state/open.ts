import { memorySharedState } from './memory.ts';
import { redisSharedState } from './redis.ts';
import type { SharedState } from './types.ts';

export type { FailureCount, LimitStore, SharedState, ThrottleStore, WindowCount } from './types.ts';

/** SHARED_STATE_URL unset: this process's memory (the embedded default); redis://…: shared by the fleet. */
export function openSharedState(
  url: string | undefined,
  opts: { prefix?: string; onError?: (err: Error) => void } = {},
): SharedState {
  return url ? redisSharedState(url, opts) : memorySharedState();
}
