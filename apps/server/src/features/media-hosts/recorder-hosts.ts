import { type LiveStream, livePath, type Uidd } from '@vigil/contracts';
import type { RecorderHost } from './recorders-repository.ts';

/** How long the list of recorders is reused before it is read again (a moved recorder is followed within this). */
export const RECORDER_HOSTS_REFRESH_MS = 10_000;
/**
 * A host not in the list is looked for again after this long: a recorder that registered a moment ago is routed to
 * at once, and a stale address (a logger left from an earlier PUBLIC_URL) costs one read a second at most.
 */
const MISS_REFRESH_MS = 1000;

export interface RecorderHostsOptions {
  /** Every recorder of the deployment (the recorders table; empty in the embedded default). */
  list: () => Promise<RecorderHost[]>;
  /**
   * This process's public URLs (PUBLIC_URL, and RECORDER_PUBLIC_URL on a recorder): media on them is addressed by
   * path, as before, and never redirected (a recorder must not send a request to itself).
   */
  selfUrls: readonly string[];
  now: () => number;
  refreshMs?: number | undefined;
  /**
   * SHARED_RECORDINGS (decision 0615): every recorder reads every recorder's files. `readsHere`: so does this
   * process (it records), so a gone recorder's footage is served here; otherwise by any live recorder.
   */
  sharedRecordings?: { readsHere: boolean } | undefined;
  /** A failed read: the last list stays in use (media of unknown hosts is served here) until the next try. */
  onError?: (err: unknown) => void;
}

/**
 * Where a recorded file is read (decision 0615): here (`{}`), at another recorder's origin (`at`), or nowhere now
 * (`offline`: the recorder that wrote it, dead or gone, and its disk shared with no one).
 */
export interface FileHost {
  at?: string;
  offline?: string;
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Where a camera's media is (decision 0601): on this process (an address by path, as in the embedded default), or
 * on another recorder of the deployment (an absolute address at its public origin). Only a host the recorders
 * table names counts as another one: a `cameras.logger` left from an earlier PUBLIC_URL, or a segment of a
 * recorder no longer registered (its files on a shared filesystem, decision 0601), is served here.
 */
export class RecorderHosts {
  readonly #o: RecorderHostsOptions;
  readonly #self: ReadonlySet<string>;
  #byId = new Map<string, string>();
  #alive = new Set<string>();
  #origins = new Set<string>();
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<void> | undefined;

  constructor(o: RecorderHostsOptions) {
    this.#o = o;
    this.#self = new Set(o.selfUrls.map(originOf).filter((u): u is string => !!u));
  }

  /**
   * Where a segment written by `recorderId` is read: here (no recorder named: the embedded default, rows from before
   * the fleet; or this process's own), at its live recorder, or — that recorder dead, drained away or unknown — at
   * any live recorder when the recordings are on shared storage, else offline.
   */
  async fileHost(recorderId: string | undefined): Promise<FileHost> {
    if (recorderId === undefined) return {};
    await this.#fresh();
    if (!this.#alive.has(recorderId)) await this.#fresh(MISS_REFRESH_MS);
    const origin = this.#byId.get(recorderId);
    if (origin && this.#self.has(origin)) return {};
    if (origin && this.#alive.has(recorderId)) return { at: origin };
    const shared = this.#o.sharedRecordings;
    if (!shared) return { offline: recorderId };
    if (shared.readsHere) return {};
    const live = [...this.#alive].map((id) => this.#byId.get(id)).filter((o): o is string => !!o);
    // The same reader for the same writer (its files stay warm in one page cache), spread over the live ones.
    const reader = live.sort()[hashOf(recorderId) % Math.max(1, live.length)];
    return reader ? { at: reader } : { offline: recorderId };
  }

  /** The origin of a camera's logger host, when it is another recorder of the deployment; else undefined. */
  async loggerOrigin(logger: string | null | undefined): Promise<string | undefined> {
    const origin = logger ? originOf(logger) : undefined;
    // This process's own address (the embedded default's every camera) is never looked up.
    if (!origin || this.#self.has(origin)) return undefined;
    await this.#fresh();
    if (!this.#origins.has(origin)) await this.#fresh(MISS_REFRESH_MS);
    return this.#origins.has(origin) ? origin : undefined;
  }

  /** The live WebSocket address of a camera stream on its logger host, when that is another host; else undefined. */
  async liveUrl(
    logger: string | null | undefined,
    uidd: Uidd,
    stream: LiveStream,
  ): Promise<string | undefined> {
    const origin = await this.loggerOrigin(logger);
    return origin ? `${origin.replace(/^http/, 'ws')}${livePath(uidd, stream)}` : undefined;
  }

  /** Every other recorder's origin (the Content-Security-Policy's image sources), as last read. */
  async origins(): Promise<string[]> {
    await this.#fresh();
    return [...this.#origins].filter((o) => !this.#self.has(o));
  }

  /** Reads the list again when it is older than the refresh interval; one read at a time, shared by callers. */
  async #fresh(maxAgeMs = this.#o.refreshMs ?? RECORDER_HOSTS_REFRESH_MS): Promise<void> {
    if (this.#o.now() - this.#readAt < maxAgeMs) return;
    this.#reading ??= this.#o
      .list()
      .then((hosts) => {
        const byId = new Map<string, string>();
        const alive = new Set<string>();
        for (const h of hosts) {
          const origin = originOf(h.publicUrl);
          if (origin) byId.set(h.id, origin);
          if (origin && h.alive) alive.add(h.id);
        }
        this.#byId = byId;
        this.#alive = alive;
        this.#origins = new Set(byId.values());
      })
      .catch((err: unknown) => this.#o.onError?.(err))
      .finally(() => {
        this.#readAt = this.#o.now();
        this.#reading = undefined;
      });
    await this.#reading;
  }
}

function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}
