import '../i18n/player.texts.ts';
import type Hls from 'hls.js';
import { fetchEarly } from './early-playlist.ts';
import { BUFFER_AHEAD_SEC, createHls, type Fragment, fragmentsOf, sameOrigin } from './hls-instance.ts';
import { FragmentCache } from './prefetch.ts';
import { takePrepared } from './standby.ts';

export { BUFFER_AHEAD_SEC, type Fragment, sameOrigin } from './hls-instance.ts';
/**
 * Ahead while a seek is pending: only the fragment it lands in (and the next, when it lands near its end). More
 * fragments appended then compete with decoding the picture the seek waits for (decision 0510).
 */
export const SEEK_AHEAD_SEC = 1;

/** How a URL is played: hls.js for HLS playlists, mpegts.js for the spec's /stream/ and /transcode/ URLs. */
export type EngineKind = 'hls' | 'mpegts' | 'native';

export function engineFor(url: string): EngineKind {
  const path = url.split('?')[0] ?? '';
  if (/\/(stream|transcode)\//.test(path)) return 'mpegts';
  if (path.endsWith('.m3u8')) return 'hls';
  return 'native';
}

/** mpegts.js's source type from the URL's format segment (/stream/{format}/…), mp4 by default (spec 000 §7). */
export function mpegtsType(url: string): 'mpegts' | 'flv' | 'mp4' {
  const format = /\/(?:stream|transcode)\/([^/?]+)\//.exec(url)?.[1];
  return format === 'mpegts' || format === 'ts' ? 'mpegts' : format === 'flv' ? 'flv' : 'mp4';
}

export interface PlayerFault {
  /** 'network', 'media' or 'other'; fatal faults stop playback. */
  kind: string;
  fatal: boolean;
  message: string;
  /** The HTTP status when a request failed. */
  status?: number | undefined;
}

export interface EngineOptions {
  /** Headers for the playlist and its files (the viewer's token), read at each request. */
  headers?: (() => Record<string, string>) | undefined;
  onFault(f: PlayerFault): void;
  onAudio(hasAudio: boolean): void;
  /** hls.js: the playlist's fragments, once loaded (the timeline maps media time to the clock with them). */
  onFragments?: ((f: Fragment[]) => void) | undefined;
  /** hls.js: where to start loading once the fragments are known (media seconds), instead of the playlist's
   * start; nothing is fetched before. */
  startAt?: ((f: Fragment[]) => number | undefined) | undefined;
}

export interface Engine {
  kind: EngineKind;
  destroy(): void;
  /** hls.js: seconds to keep loaded ahead (followRate). */
  setBufferAhead?(sec: number): void;
  /** hls.js: seek, loading from there at once (the element's currentTime otherwise). */
  seek?(sec: number): void;
  /** hls.js: fetch the fragment at `sec` now, for a seek there that is likely soon. */
  prefetch?(sec: number): void;
  /** hls.js, when that is the engine (tests and the timeline read its state). */
  hls?: Hls;
}

/** Attaches the right engine to a video element. The libraries load on first use (each its own chunk). */
export async function attach(video: HTMLVideoElement, url: string, o: EngineOptions): Promise<Engine> {
  const kind = engineFor(url);
  if (kind === 'hls') {
    // A playlist prepared while the page played another (the day's, decision 0766) is taken as it is: no fetch,
    // no parse, only the video to attach and the position to load.
    const prepared = takePrepared(url);
    let hls: Hls;
    let HlsJs: typeof Hls;
    let cache: FragmentCache;
    if (prepared) ({ hls, HlsJs, cache } = prepared);
    else {
      // The playlist's request leaves now, with the library's: neither waits for the other (decision 0765).
      const early =
        typeof MediaSource !== 'undefined' || 'ManagedMediaSource' in window
          ? fetchEarly(url, sameOrigin(url) ? o.headers?.() : undefined)
          : undefined;
      HlsJs = (await import('hls.js')).default;
      if (!HlsJs.isSupported()) {
        video.src = url;
        return { kind: 'native', destroy: () => video.removeAttribute('src') };
      }
      cache = new FragmentCache();
      hls = createHls(HlsJs, { headers: o.headers, early, cache, autoStartLoad: !o.startAt });
    }
    let started = false;
    hls.on(HlsJs.Events.ERROR, (_e, data) => {
      const status = (data.response as { code?: number } | undefined)?.code;
      o.onFault({ kind: data.type, fatal: data.fatal, message: data.details, status });
    });
    // Muxed fMP4 (ours: video and audio in one segment) comes as one 'audiovideo' track.
    hls.on(HlsJs.Events.BUFFER_CODECS, (_e, data) =>
      o.onAudio(data.audio !== undefined || /mp4a|opus|ac-3|ec-3/.test(data.audiovideo?.codec ?? '')),
    );
    const onLevel = (fragments: Fragment[]) => {
      o.onFragments?.(fragments);
      if (o.startAt && !started) {
        started = true;
        hls.startLoad(o.startAt(fragments) ?? -1);
      }
    };
    hls.on(HlsJs.Events.LEVEL_LOADED, (_e, data) => onLevel(fragmentsOf(data.details.fragments)));
    let ahead = BUFFER_AHEAD_SEC;
    const onSeeking = () => {
      hls.config.maxBufferLength = SEEK_AHEAD_SEC;
    };
    const onSeeked = () => {
      hls.config.maxBufferLength = ahead;
    };
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('seeked', onSeeked);
    if (prepared) {
      hls.attachMedia(video);
      onLevel(prepared.fragments);
      if (!o.startAt) hls.startLoad();
    } else {
      hls.loadSource(url);
      hls.attachMedia(video);
    }
    return {
      kind,
      hls,
      setBufferAhead: (sec) => {
        ahead = sec;
        if (!video.seeking) hls.config.maxBufferLength = sec;
      },
      seek: (sec) => {
        const buffered = isBuffered(video, sec);
        video.currentTime = sec;
        // Before its first picture hls.js still places the start itself: leave that to it.
        if (buffered || !hls.hasEnoughToStart) return;
        // Outside the buffer: load from there now. hls.js would wait for the element's 'seeking' (a task later,
        // after whatever renders first), and lets a fragment load in flight before the new position finish and
        // be appended first (measured: 10–45 ms of a seek, decision 0510).
        onSeeking();
        hls.stopLoad();
        hls.startLoad(sec, true);
      },
      prefetch: (sec) => {
        const frag = hls.levels[Math.max(0, hls.currentLevel)]?.details?.fragments.find(
          (f) => f.start <= sec && sec < f.start + f.duration,
        );
        if (!frag || isBuffered(video, sec)) return;
        const [start = 0, end = 0] = frag.byteRange;
        cache.prefetch(frag.url, start, end, sameOrigin(frag.url) ? o.headers?.() : undefined);
      },
      destroy: () => {
        video.removeEventListener('seeking', onSeeking);
        video.removeEventListener('seeked', onSeeked);
        hls.destroy();
      },
    };
  }
  if (kind === 'mpegts') {
    const { default: mpegts } = await import('mpegts.js');
    const player = mpegts.createPlayer(
      { type: mpegtsType(url), url, isLive: false },
      { enableWorker: false },
    );
    player.on(mpegts.Events.ERROR, (type: string, detail: string, info: { code?: number; msg?: string }) =>
      o.onFault({ kind: type, fatal: true, message: info?.msg ?? detail, status: info?.code }),
    );
    player.on(mpegts.Events.MEDIA_INFO, (info: { hasAudio?: boolean }) => o.onAudio(info.hasAudio === true));
    player.attachMediaElement(video);
    player.load();
    return {
      kind,
      destroy: () => {
        player.unload();
        player.detachMediaElement();
        player.destroy();
      },
    };
  }
  video.src = url;
  return { kind, destroy: () => video.removeAttribute('src') };
}

/** Whether the element has the media at `sec` (the frame there can show without fetching). */
function isBuffered(v: HTMLVideoElement, sec: number): boolean {
  for (let i = 0; i < v.buffered.length; i++)
    if (v.buffered.start(i) <= sec && sec < v.buffered.end(i)) return true;
  return false;
}

/** Whether a native <video> carries audio, where the browser tells. */
export function nativeHasAudio(v: HTMLVideoElement): boolean | undefined {
  const x = v as HTMLVideoElement & {
    audioTracks?: { length: number };
    mozHasAudio?: boolean;
    webkitAudioDecodedByteCount?: number;
  };
  if (x.audioTracks) return x.audioTracks.length > 0;
  if (x.mozHasAudio !== undefined) return x.mozHasAudio;
  if (x.webkitAudioDecodedByteCount !== undefined && x.webkitAudioDecodedByteCount > 0) return true;
  return undefined;
}

/** At 8x the same seconds ahead last an eighth of the time: hls.js keeps more ahead as the rate rises. */
export function followRate(engine: Engine, rate: number): void {
  engine.setBufferAhead?.(BUFFER_AHEAD_SEC * Math.max(1, rate));
}

/**
 * What the viewer is told of a fatal fault, by the HTTP status the player got: nothing recorded there (404), or the
 * footage's recorder offline (503 `recording_host_offline`, decision 0615); else that it could not be played.
 */
export function faultMessageKey(
  status: number | undefined,
): 'player.errors.missing' | 'player.errors.hostOffline' | 'player.errors.generic' {
  if (status === 404) return 'player.errors.missing';
  if (status === 503) return 'player.errors.hostOffline';
  return 'player.errors.generic';
}
