import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionStore } from '../../../shared/session/store.ts';
import { eventKeys } from '../api/keys.ts';
import { followSse, realtimePath } from './sse.ts';

/**
 * New alerts of these cameras arrive over GET /cameras/realtime/live?types=alert; each one invalidates the event
 * queries (habit 3: the server stays the source of truth), so the list shows it without a reload.
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
      path: realtimePath(['alert'], key.split(',')),
      token: () => sessionStore.get()?.authToken,
      onMessage: (m) => {
        if (m.event !== 'alert') return;
        cb.current?.(m.data);
        void qc.invalidateQueries({ queryKey: eventKeys.all });
      },
      onError: (err) => console.warn('realtime link closed; reconnecting', err),
    });
  }, [key, qc]);
}
