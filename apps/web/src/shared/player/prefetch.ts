import type {
  FragmentLoaderConstructor,
  FragmentLoaderContext,
  HlsConfig,
  Loader,
  LoaderContext,
} from 'hls.js';
import { answeringLoader } from './answering-loader.ts';

/** Fragments fetched ahead of a seek that is likely (the pointer resting on the timeline); the newest few. */
export const PREFETCH_KEEP = 2;
/** A prefetched fragment not asked for within this long is dropped (the pointer has moved on). */
export const PREFETCH_TTL_MS = 30_000;

interface Entry {
  data: Promise<ArrayBuffer | undefined>;
  at: number;
  /** Cancels the fetch while it is in flight; undefined once it has settled. */
  abort: (() => void) | undefined;
}

/** By the resolved address: hls.js names a playlist's files as resolved against the playlist's (relative) one. */
const keyOf = (url: string, start: number, end: number): string =>
  `${start}-${end} ${new URL(url, location.href).href}`;

/**
 * The bytes of a few fragments fetched before hls.js asks for them. A seek onto one skips the browser's network
 * stack (15–40 ms of a seek on a busy machine, decision 0510): the loader below hands hls.js the bytes at once.
 */
export class FragmentCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /**
   * Fetches `url`'s bytes [start, end) unless they are here already; a failure just leaves nothing behind. A fetch
   * still in flight is cancelled, unless `alongside` (a start's init segment and first fragment: both wanted).
   */
  prefetch(
    url: string,
    start: number,
    end: number,
    headers: Record<string, string> = {},
    alongside = false,
  ): void {
    const key = keyOf(url, start, end);
    if (this.#entries.has(key)) return;
    // The pointer has moved on: a fetch for where it rested before is not worth the bandwidth any more.
    for (const [k, e] of this.#entries) {
      if (!e.abort || alongside) continue;
      e.abort();
      this.#entries.delete(k);
    }
    const controller = new AbortController();
    const entry: Entry = {
      data: Promise.resolve(undefined),
      at: this.#now(),
      abort: () => controller.abort(),
    };
    entry.data = fetch(url, {
      headers: end > 0 ? { ...headers, Range: `bytes=${start}-${end - 1}` } : headers,
      signal: controller.signal,
    })
      .then((r) => (r.ok ? r.arrayBuffer() : undefined))
      .catch(() => undefined)
      .finally(() => {
        entry.abort = undefined;
      });
    this.#entries.set(key, entry);
    for (const k of this.#entries.keys()) {
      if (this.#entries.size <= PREFETCH_KEEP) break;
      this.#entries.delete(k);
    }
  }

  /** The bytes if they were prefetched (in flight or arrived); each is handed out once. */
  take(url: string, start: number, end: number): Promise<ArrayBuffer | undefined> | undefined {
    const key = keyOf(url, start, end);
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    return entry && this.#now() - entry.at < PREFETCH_TTL_MS ? entry.data : undefined;
  }
}

/**
 * A fragment loader for hls.js (its `fLoader`): a fragment in `cache` is answered from there, anything else by
 * hls.js's own loader.
 */
export function prefetchingLoader(
  Base: new (config: HlsConfig) => Loader<LoaderContext>,
  cache: FragmentCache,
): FragmentLoaderConstructor {
  return answeringLoader<FragmentLoaderContext, ArrayBuffer>(
    Base,
    (context) => cache.take(context.url, context.rangeStart ?? 0, context.rangeEnd ?? 0),
    (data) => data.byteLength,
  );
}
