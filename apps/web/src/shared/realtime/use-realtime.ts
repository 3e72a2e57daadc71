import type { RealtimeMessage, RealtimeType, Uidd } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { sessionStore } from '../session/store.ts';
import { connectRealtime } from './realtime-client.ts';

/**
 * Follows the realtime stream for these cameras while mounted; `onMessage` and `onReconnect` (the link is back
 * after a failure: what was announced meanwhile is lost) may change between renders.
 */
export function useRealtime(
  types: readonly RealtimeType[],
  uidds: readonly string[],
  onMessage: (m: RealtimeMessage) => void,
  onReconnect?: () => void,
): void {
  const handlers = useRef({ onMessage, onReconnect });
  useEffect(() => {
    handlers.current = { onMessage, onReconnect };
  });
  // The stream is opened again only when the set of types or cameras changes, not on every new array.
  const typesKey = types.join(',');
  const uiddsKey = [...uidds].sort().join(',');
  useEffect(() => {
    if (!uiddsKey) return;
    return connectRealtime({
      types: typesKey.split(',') as RealtimeType[],
      uidds: uiddsKey.split(',') as Uidd[],
      token: () => sessionStore.get()?.authToken,
      onMessage: (m) => handlers.current.onMessage(m),
      onReconnect: () => handlers.current.onReconnect?.(),
      onError: (err, retryInMs) =>
        console.info('realtime link closed; reconnecting', { err: String(err), retryInMs }),
    });
  }, [typesKey, uiddsKey]);
}
