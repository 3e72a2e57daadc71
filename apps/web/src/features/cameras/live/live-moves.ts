import type { RealtimeMessage, Uidd } from '@vigil/contracts';
import { connectRealtime } from '../../../shared/realtime/realtime-client.ts';
import { sessionStore } from '../../../shared/session/store.ts';

type Follow = () => void;

/**
 * The tab's one realtime link for `liveMoved` (decision 0616): every live player of the tab registers its camera
 * here, and is told when the camera's live video moved to another recorder (a hand-over, or a dead recorder's
 * cameras taken over), so it asks livecommand again. One stream for all of them, not one per tile; opened again
 * (on the next tick, once per batch of changes) when the set of cameras changes, closed when no player is left.
 * When the link was down for a while, every player is told: a move may have been announced meanwhile, and asking
 * livecommand again is harmless when nothing moved (the player reconnects only to a new address).
 */
export function createLiveMoves(connect: typeof connectRealtime = connectRealtime) {
  const followers = new Map<string, Set<Follow>>();
  let stop: (() => void) | undefined;
  let opened = '';
  let pending = false;

  const tell = (uidd: string) => {
    for (const f of followers.get(uidd) ?? []) f();
  };
  const reopen = () => {
    pending = false;
    const key = [...followers.keys()].sort().join(',');
    if (key === opened) return;
    stop?.();
    stop = undefined;
    opened = key;
    if (!key) return;
    stop = connect({
      types: ['liveMoved'],
      uidds: key.split(',') as Uidd[],
      token: () => sessionStore.get()?.authToken,
      onMessage: (m: RealtimeMessage) => {
        if (m.type === 'liveMoved') tell(m.data.uidd);
      },
      onReconnect: () => {
        for (const uidd of followers.keys()) tell(uidd);
      },
    });
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(reopen);
  };

  /** Follows a camera's moves while the returned function is not called. */
  return (uidd: string, follow: Follow): (() => void) => {
    const set = followers.get(uidd) ?? new Set<Follow>();
    set.add(follow);
    followers.set(uidd, set);
    schedule();
    return () => {
      set.delete(follow);
      if (set.size === 0) followers.delete(uidd);
      schedule();
    };
  };
}

/** The tab's live moves (one link for every live player). */
export const onLiveMoved = createLiveMoves();
