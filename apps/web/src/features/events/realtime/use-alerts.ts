import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeType } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { sessionStore } from '../../../shared/session/store.ts';
import { eventKeys } from '../api/keys.ts';
import { followSse, realtimePath, type SseMessage } from './sse.ts';

const TYPES: readonly RealtimeType[] = ['alert', 'alertUpdated'];

/**
 * What a realtime message means to the events page: a new event ('new'), a change to one already announced — its
 * labels stored, or its end (`alertUpdated`, decision 0556) — or nothing of ours.
 */
export function alertChange(m: SseMessage): 'new' | 'updated' | null {
  if (m.event === 'alert') return 'new';
  if (m.event === 'alertUpdated') return 'updated';
  return null;
}

/**
 * New alerts and updates of these cameras' events arrive over GET /cameras/realtime/live?types=alert,alertUpdated;
 * each invalidates the event queries (habit 3: the server stays the source of truth), so the list, the label
 * counts and an open preview show them without a reload. Only new alerts are counted (`onAlert`). After the link
 * was down, the queries are fetched again once it is back, as what was announced meanwhile is not replayed.
 */
export function useAlerts(uidds: readonly string[], onAlert?: (data: unknown) => void): void {
  const qc = useQueryClient();
  const cb = useRef(onAlert);
  useEffect(() => {
    cb.current = onAlert;
  });
  const key = [...uidds].sort().join(',');
  useEffect(() => {
    if (!key) return;
    return followSse({
      path: realtimePath(TYPES, key.split(',')),
      token: () => sessionStore.get()?.authToken,
      onMessage: (m) => {
        const change = alertChange(m);
        if (!change) return;
        if (change === 'new') cb.current?.(m.data);
        void qc.invalidateQueries({ queryKey: eventKeys.all });
      },
      onError: (err) => console.warn('realtime link closed; reconnecting', err),
      // Alerts sent while the link was down are not replayed: fetch the lists again.
      onReconnect: () => void qc.invalidateQueries({ queryKey: eventKeys.all }),
    });
  }, [key, qc]);
}
