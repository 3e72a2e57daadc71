import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from 'hls.js';

/**
 * A playlist fetched before hls.js is loaded: `attach` starts it as it imports the library, so the library's
 * download and compilation (half a megabyte) overlap the server writing the playlist instead of preceding it
 * (navigation → first picture, decision 0765). Answers text once, or undefined when the fetch failed.
 */
export function fetchEarly(url: string, headers: Record<string, string> | undefined): EarlyPlaylist {
  const href = new URL(url, location.href).href;
  let data: Promise<string | undefined> | undefined = fetch(href, { headers }).then(
    (r) => (r.ok ? r.text() : undefined),
    () => undefined,
  );
  return {
    take(at: string) {
      // hls.js may hand the address as given (relative) or resolved.
      if (new URL(at, location.href).href !== href) return undefined;
      const d = data;
      data = undefined;
      return d;
    },
  };
}

export interface EarlyPlaylist {
  /** The early fetch's text if `url` is the playlist fetched; handed out once. */
  take(url: string): Promise<string | undefined> | undefined;
}

/**
 * A playlist loader for hls.js (its `pLoader`): the first request for the early playlist is answered from it, any
 * other (and a failed early fetch) by hls.js's own loader, as prefetchingLoader does for fragments.
 */
export function earlyPlaylistLoader(
  Base: new (config: HlsConfig) => Loader<LoaderContext>,
  early: EarlyPlaylist,
): PlaylistLoaderConstructor {
  return class EarlyPlaylistLoader implements Loader<PlaylistLoaderContext> {
    readonly #inner: Loader<PlaylistLoaderContext>;
    #cancelled = false;
    context: PlaylistLoaderContext | null = null;

    constructor(config: HlsConfig) {
      this.#inner = new Base(config) as unknown as Loader<PlaylistLoaderContext>;
    }

    get stats(): LoaderStats {
      return this.#inner.stats;
    }

    load(
      context: PlaylistLoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<PlaylistLoaderContext>,
    ): void {
      this.context = context;
      const hit = early.take(context.url);
      if (!hit) {
        this.#inner.load(context, config, callbacks);
        return;
      }
      const start = performance.now();
      void hit.then((data) => {
        if (this.#cancelled) return;
        if (data === undefined) {
          this.#inner.load(context, config, callbacks);
          return;
        }
        const stats = this.#inner.stats;
        const t = performance.now();
        stats.loading.start = start;
        stats.loading.first = t;
        stats.loading.end = t;
        stats.loaded = data.length;
        stats.total = data.length;
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
      return null;
    }

    getResponseHeader(): string | null {
      return null;
    }
  };
}
