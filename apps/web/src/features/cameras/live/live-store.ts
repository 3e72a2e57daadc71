import { useSyncExternalStore } from 'react';
import type { LivePhase } from './mse-player.ts';

/** One camera stream's live view in this tab. */
export interface LiveState {
  phase: LivePhase;
  /** When livecommand was sent and when the first frame showed (epoch ms): time to first frame. */
  commandAt?: number;
  firstFrameAt?: number;
  /** Playing the H.264 conversion of the camera's H.265 (decision 0461), not the camera's own video. */
  converted?: boolean;
}

type Listener = () => void;
const states = new Map<string, LiveState>();
const listeners = new Map<string, Set<Listener>>();

/**
 * Per-camera live state, changing many times a second across a grid: a tiny store outside React, read with
 * useSyncExternalStore so only the tile of the camera that changed re-renders (STYLE.md habit 3).
 */
export const liveStore = {
  get: (key: string): LiveState | undefined => states.get(key),
  set(key: string, patch: Partial<LiveState>): void {
    const next = { phase: 'connecting', ...states.get(key), ...patch } as LiveState;
    states.set(key, next);
    for (const l of listeners.get(key) ?? []) l();
  },
  clear(key: string): void {
    states.delete(key);
    for (const l of listeners.get(key) ?? []) l();
  },
  subscribe(key: string, l: Listener): () => void {
    let set = listeners.get(key);
    if (!set) {
      set = new Set();
      listeners.set(key, set);
    }
    set.add(l);
    return () => {
      set.delete(l);
    };
  },
};

export const liveKey = (uidd: string, stream: 'main' | 'sd') => `${uidd}/${stream}`;

export function useLiveState(key: string): LiveState | undefined {
  return useSyncExternalStore(
    (l) => liveStore.subscribe(key, l),
    () => liveStore.get(key),
  );
}
