import { NETWORK_RETRY_COUNTDOWN_SEC } from '@vigil/contracts';
import { useEffect, useState } from 'react';

export type ReconnectState = { phase: 'countdown'; seconds: number } | { phase: 'trying' };

/**
 * The connectivity screen's loop (spec 001 §2): count down from 30 to 0, then request the root path; on an
 * answer reload the page, on a failure count down again.
 */
export function useReconnect(probe: () => Promise<unknown>, onBack: () => void): ReconnectState {
  const [state, setState] = useState<ReconnectState>({
    phase: 'countdown',
    seconds: NETWORK_RETRY_COUNTDOWN_SEC,
  });
  useEffect(() => {
    if (state.phase === 'countdown') {
      const id = setTimeout(
        () =>
          setState(
            state.seconds > 0 ? { phase: 'countdown', seconds: state.seconds - 1 } : { phase: 'trying' },
          ),
        1_000,
      );
      return () => clearTimeout(id);
    }
    let live = true;
    probe().then(
      () => live && onBack(),
      () => live && setState({ phase: 'countdown', seconds: NETWORK_RETRY_COUNTDOWN_SEC }),
    );
    return () => {
      live = false;
    };
  }, [state, probe, onBack]);
  return state;
}

/** Any answer from the server means it is reachable again. */
export const probeRoot = (): Promise<unknown> =>
  fetch('/', { cache: 'no-store', headers: { accept: 'application/json' } });
export const reloadPage = (): void => location.reload();
