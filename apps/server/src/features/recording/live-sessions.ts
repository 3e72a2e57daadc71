import type { LiveStream, Uidd } from '@vigil/contracts';

/** How long one livecommand keeps a camera's live stream running with nobody watching (the web app repeats the
 * command every LIVE_KEEPALIVE_MS while it shows the camera). */
export const LIVE_HOLD_MS = 60_000;

export interface LiveSessionsDeps {
  /** Keeps the stream running (an unrecorded stream starts on its first subscriber); returns the release. */
  hold(uidd: Uidd, stream: LiveStream): () => void;
  announce(uidd: Uidd, stream: LiveStream, state: 'started' | 'stopped'): void;
  holdMs?: number;
}

interface Session {
  release: (() => void) | undefined;
  timer: NodeJS.Timeout | undefined;
  viewers: number;
}

/**
 * Live sessions per camera stream, as the spec's livecommand sees them: a session starts with a livecommand or a
 * viewer, lasts while commands keep coming (each holds the stream LIVE_HOLD_MS) or viewers are connected, and is
 * announced on the realtime stream when it starts and when it stops.
 */
export class LiveSessions {
  readonly #d: LiveSessionsDeps;
  readonly #sessions = new Map<string, Session>();

  constructor(deps: LiveSessionsDeps) {
    this.#d = deps;
  }

  active(uidd: Uidd, stream: LiveStream): boolean {
    return this.#sessions.has(key(uidd, stream));
  }

  /** A livecommand: starts the session or extends it. Throws when the stream cannot be held (unknown camera). */
  command(uidd: Uidd, stream: LiveStream): void {
    // Held first: an unknown camera throws before anything is announced.
    const release = this.#sessions.get(key(uidd, stream))?.release ? undefined : this.#d.hold(uidd, stream);
    const s = this.#open(uidd, stream);
    if (release) s.release = release;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      s.timer = undefined;
      s.release?.();
      s.release = undefined;
      this.#closeIfIdle(uidd, stream, s);
    }, this.#d.holdMs ?? LIVE_HOLD_MS);
    s.timer.unref();
  }

  /** A viewer connected; call the returned function when it leaves. */
  viewer(uidd: Uidd, stream: LiveStream): () => void {
    const s = this.#open(uidd, stream);
    s.viewers += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      s.viewers -= 1;
      this.#closeIfIdle(uidd, stream, s);
    };
  }

  /** The camera is gone (uninstalled, deleted): its sessions stop now. */
  end(uidd: Uidd): void {
    for (const stream of ['main', 'sd'] as const) {
      const s = this.#sessions.get(key(uidd, stream));
      if (!s) continue;
      clearTimeout(s.timer);
      s.release?.();
      this.#sessions.delete(key(uidd, stream));
      this.#d.announce(uidd, stream, 'stopped');
    }
  }

  closeAll(): void {
    for (const s of this.#sessions.values()) {
      clearTimeout(s.timer);
      s.release?.();
    }
    this.#sessions.clear();
  }

  #open(uidd: Uidd, stream: LiveStream): Session {
    let s = this.#sessions.get(key(uidd, stream));
    if (!s) {
      s = { release: undefined, timer: undefined, viewers: 0 };
      this.#sessions.set(key(uidd, stream), s);
      this.#d.announce(uidd, stream, 'started');
    }
    return s;
  }

  #closeIfIdle(uidd: Uidd, stream: LiveStream, s: Session): void {
    if (s.viewers > 0 || s.timer !== undefined || this.#sessions.get(key(uidd, stream)) !== s) return;
    this.#sessions.delete(key(uidd, stream));
    this.#d.announce(uidd, stream, 'stopped');
  }
}

const key = (uidd: string, stream: LiveStream) => `${uidd}/${stream}`;
