import type Hls from 'hls.js';
import { fetchEarly } from './early-playlist.ts';
import { createHls, type Fragment, fragmentsOf, type HlsClass, sameOrigin } from './hls-instance.ts';
import { FragmentCache } from './prefetch.ts';

/** A playlist loaded and parsed by an hls.js that has no video yet, for a player to switch to in one step. */
export interface Prepared {
  url: string;
  hls: Hls;
  HlsJs: HlsClass;
  cache: FragmentCache;
  /** Its fragments once parsed; undefined before (or after a failure). */
  fragments: Fragment[] | undefined;
}

/** One at a time: the playlist a page is likely to switch to next (the playing day's, decision 0766). */
let standby: Prepared | undefined;
/** The address last asked for: a later call wins over one still loading the library. */
let wanted: string | undefined;

/**
 * Loads and parses `url` (an HLS playlist) in an hls.js without media, so that a player switching to it later
 * skips its fetch and parse: for a day this is the half second on the server and the few hundred ms of parsing
 * 44 000 entries that the first picture no longer waits for (decision 0766). Replaces the one prepared before.
 */
export async function prepare(url: string, headers?: () => Record<string, string>): Promise<void> {
  if (wanted === url) return;
  drop();
  if (typeof MediaSource === 'undefined' && !('ManagedMediaSource' in window)) return;
  wanted = url;
  const early = fetchEarly(url, sameOrigin(url) ? headers?.() : undefined);
  const { default: HlsJs } = await import('hls.js');
  if (!HlsJs.isSupported() || wanted !== url) return;
  const cache = new FragmentCache();
  const hls = createHls(HlsJs, { headers, early, cache, autoStartLoad: false });
  const entry: Prepared = { url, hls, HlsJs, cache, fragments: undefined };
  standby = entry;
  hls.on(HlsJs.Events.LEVEL_LOADED, (_e, data) => {
    entry.fragments = fragmentsOf(data.details.fragments);
  });
  // A playlist that fails is not kept: the player switching to it loads it itself (and reports the failure).
  hls.on(HlsJs.Events.ERROR, (_e, data) => {
    if (data.fatal && standby === entry) drop();
  });
  hls.loadSource(url);
}

/** Whether `url` is prepared and parsed: a switch to it is then a seek's worth of work. */
export const isPrepared = (url: string): boolean => standby?.url === url && standby.fragments !== undefined;

/** The fragments of `url` if it is prepared and parsed. */
export const preparedFragments = (url: string): Fragment[] | undefined =>
  standby?.url === url ? standby.fragments : undefined;

/** The prepared playlist of `url`, handed over once (the caller attaches its video); undefined if not ready. */
export function takePrepared(url: string): (Prepared & { fragments: Fragment[] }) | undefined {
  const s = standby;
  if (!s || s.url !== url || !s.fragments) return undefined;
  standby = undefined;
  wanted = undefined;
  return s as Prepared & { fragments: Fragment[] };
}

/** Forgets `url` if it is what is prepared (its page is left). */
export function release(url: string): void {
  if (wanted === url) drop();
}

/** Forgets what was prepared. */
export function drop(): void {
  standby?.hls.destroy();
  standby = undefined;
  wanted = undefined;
}
