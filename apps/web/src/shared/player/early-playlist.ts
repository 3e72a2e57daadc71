import type {
  HlsConfig,
  Loader,
  LoaderContext,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from 'hls.js';
import { answeringLoader } from './answering-loader.ts';

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
 * other (and a failed early fetch) by hls.js's own loader.
 */
export function earlyPlaylistLoader(
  Base: new (config: HlsConfig) => Loader<LoaderContext>,
  early: EarlyPlaylist,
): PlaylistLoaderConstructor {
  return answeringLoader<PlaylistLoaderContext, string>(
    Base,
    (context) => early.take(context.url),
    (data) => data.length,
  );
}
