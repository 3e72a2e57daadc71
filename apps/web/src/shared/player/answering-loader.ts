import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
} from 'hls.js';

/**
 * An hls.js loader that answers a request from bytes or text fetched ahead when `take` has them, and leaves anything
 * else (and a fetch ahead that failed) to hls.js's own loader, `Base`. Composition rather than a subclass: hls.js's
 * loader internals are not its API. Used for fragments fetched before a likely seek (prefetch.ts) and the playlist
 * fetched while hls.js loads (early-playlist.ts).
 */
export function answeringLoader<C extends LoaderContext, D extends ArrayBuffer | string>(
  Base: new (config: HlsConfig) => Loader<LoaderContext>,
  take: (context: C) => Promise<D | undefined> | undefined,
  size: (data: D) => number,
): new (
  config: HlsConfig,
) => Loader<C> {
  return class AnsweringLoader implements Loader<C> {
    readonly #inner: Loader<C>;
    #cancelled = false;
    context: C | null = null;

    constructor(config: HlsConfig) {
      // What hls.js itself loads with when no loader of this kind is given.
      this.#inner = new Base(config) as unknown as Loader<C>;
    }

    get stats(): LoaderStats {
      return this.#inner.stats;
    }

    load(context: C, config: LoaderConfiguration, callbacks: LoaderCallbacks<C>): void {
      this.context = context;
      const hit = take(context);
      if (!hit) {
        this.#inner.load(context, config, callbacks);
        return;
      }
      const start = performance.now();
      void hit.then((data) => {
        if (this.#cancelled) return;
        // The fetch ahead failed: load as if it had never been.
        if (data === undefined) {
          this.#inner.load(context, config, callbacks);
          return;
        }
        const stats = this.#inner.stats;
        const t = performance.now();
        stats.loading.start = start;
        stats.loading.first = t;
        stats.loading.end = t;
        stats.loaded = size(data);
        stats.total = size(data);
        callbacks.onSuccess({ url: context.url, data }, stats, context, null);
      });
    }

    abort(): void {
      this.#cancelled = true;
      this.#inner.abort();
    }

    destroy(): void {
      this.#cancelled = true;
      this.#inner.destroy();
    }

    getCacheAge(): number | null {
      return this.#inner.getCacheAge?.() ?? null;
    }

    getResponseHeader(name: string): string | null {
      return this.#inner.getResponseHeader?.(name) ?? null;
    }
  };
}
