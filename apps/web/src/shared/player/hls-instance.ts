import type Hls from 'hls.js';
import { type EarlyPlaylist, earlyPlaylistLoader } from './early-playlist.ts';
import { type FragmentCache, prefetchingLoader } from './prefetch.ts';

/** Seconds of video hls.js keeps loaded ahead at 1x (times the playback rate above that). */
export const BUFFER_AHEAD_SEC = 8;

/** One media segment of a playlist: where it starts in media time (s), how long, its wall-clock start (ms). */
export interface Fragment {
  start: number;
  duration: number;
  programDateTime: number | null;
}

/** hls.js's fragments as the players hand them on. */
export const fragmentsOf = (
  fs: readonly { start: number; duration: number; programDateTime: number | null }[],
): Fragment[] =>
  fs.map((f) => ({ start: f.start, duration: f.duration, programDateTime: f.programDateTime ?? null }));

/** The hls.js constructor (the library's default export, loaded on first use). */
export type HlsClass = typeof Hls;

/** Whether an address (relative or absolute) is on this page's origin. */
export const sameOrigin = (url: string, origin: string = location.origin): boolean =>
  new URL(url, origin).origin === origin;

/**
 * An hls.js set up as the players use it: fragments through the prefetch cache (0510), the first playlist request
 * answered by the early fetch where there is one (0765), the caller's headers on this origin only.
 */
export function createHls(
  HlsJs: HlsClass,
  o: {
    headers?: (() => Record<string, string>) | undefined;
    early?: EarlyPlaylist | undefined;
    cache: FragmentCache;
    autoStartLoad: boolean;
  },
): Hls {
  return new HlsJs({
    fLoader: prefetchingLoader(HlsJs.DefaultConfig.loader, o.cache),
    ...(o.early && { pLoader: earlyPlaylistLoader(HlsJs.DefaultConfig.loader, o.early) }),
    autoStartLoad: o.autoStartLoad,
    // A few seconds ahead is enough at 1x, and less to fetch and append after a seek; the player raises it with
    // the playback rate (BUFFER_AHEAD_SEC).
    maxBufferLength: BUFFER_AHEAD_SEC,
    backBufferLength: 30,
    // The caller's headers (its auth token) go to this origin only: a playlist may name files on the recorder
    // that holds them (decision 0601), which a grant in their address opens; a token must not travel there.
    xhrSetup: (xhr, url) => {
      if (!sameOrigin(url)) return;
      for (const [k, v] of Object.entries(o.headers?.() ?? {})) xhr.setRequestHeader(k, v);
    },
  });
}
