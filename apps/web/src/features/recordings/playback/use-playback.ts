import { startTransition, useCallback, useMemo, useRef, useState } from 'react';
import type { Fragment } from '../../../shared/player/engines.ts';
import type { VideoPlayerHandle } from '../../../shared/player/VideoPlayer.tsx';
import { addDays, dayOf, dayStart } from '../../../shared/time/zoned.ts';
import { hlsUrl } from '../api/video-urls.ts';
import { MediaMap } from '../timeline/media-map.ts';
import { playbackStore } from './storage.ts';

/** How often the playback time is written to local storage while playing. */
const SAVE_EVERY_MS = 2000;
const DAY_MS = 86_400_000;
/**
 * A pick snapped to a fragment's start (its keyframe) goes this far inside it: hls.js takes a position right on
 * a boundary for the fragment before whenever the two disagree by a rounding (its fragment times move by the
 * media's own once loaded), and fetches that one first: a whole extra fetch on half the seeks, measured (0510).
 * Under a frame at up to 50 fps, so the keyframe is still what shows.
 */
const INTO_FRAGMENT_SEC = 0.02;
const mediaOf = (m: { mediaSec: number; snapped: boolean }): number =>
  m.mediaSec + (m.snapped ? INTO_FRAGMENT_SEC : 0);

/**
 * The playback of the timeline: which camera and which day's playlist play, where, and the mapping between the
 * playlist's media time and the clock. A pick on another camera or day loads that playlist and starts where
 * asked (nothing is fetched before); a pick inside the playing one is a seek.
 */
export function usePlayback(o: { tz: string; now: () => number }) {
  const { tz, now } = o;
  const player = useRef<VideoPlayerHandle>(null);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [playDay, setPlayDay] = useState<string | undefined>(undefined);
  const [playheadMs, setPlayheadMs] = useState<number | undefined>(() => playbackStore.time());
  const [nothingAfter, setNothingAfter] = useState(false);
  const map = useRef<MediaMap | undefined>(undefined);
  const target = useRef<number | undefined>(playheadMs);
  /** How precisely the pick was meant (ms): a seek may start on the keyframe that far before it. */
  const precision = useRef(0);
  const [autoPlay, setAutoPlay] = useState(false);
  const saved = useRef(0);

  const url = useMemo(() => {
    if (!selected || !playDay) return undefined;
    const from = dayStart(playDay, tz);
    // Today's playlist ends when it is opened.
    const to = Math.min(dayStart(addDays(playDay, 1), tz), from + DAY_MS, now());
    return to > from ? hlsUrl(selected, from, to) : undefined;
  }, [selected, playDay, tz, now]);

  /**
   * Seeks, and only then re-renders (a transition, in a later task): the element's 'seeking', on which hls.js
   * starts fetching, is not held behind a render of the page (10–40 ms on a busy machine, measured: 0510).
   */
  const seekTo = useCallback((ms: number) => {
    const m = map.current?.toMedia(ms, precision.current);
    if (m) {
      player.current?.seek(mediaOf(m));
      void player.current?.play();
    }
    startTransition(() => {
      setPlayheadMs(ms);
      setNothingAfter(m === undefined);
    });
  }, []);

  /** Play `uidd` from `ms`, meant to within `precisionMs` (a click on the timeline, the keyboard). */
  const pick = useCallback(
    (uidd: string, ms: number, precisionMs = 0) => {
      const at = Math.min(ms, now());
      precision.current = precisionMs;
      playbackStore.setTime(at);
      const day = dayOf(at, tz);
      target.current = at;
      if (uidd === selected && day === playDay && map.current) return seekTo(at);
      setPlayheadMs(at);
      map.current = undefined;
      setAutoPlay(true);
      setSelected(uidd);
      setPlayDay(day);
    },
    [tz, now, selected, playDay, seekTo],
  );

  /**
   * The pointer rests on `uidd`'s timeline at `ms`: where the playing playlist would seek on a press there, its
   * fragment is fetched now, so the press shows it without waiting for the network (decision 0510).
   */
  const prefetch = useCallback(
    (uidd: string, ms: number, precisionMs: number) => {
      if (uidd !== selected || dayOf(ms, tz) !== playDay) return;
      const m = map.current?.toMedia(Math.min(ms, now()), precisionMs);
      if (m) player.current?.prefetch(mediaOf(m));
    },
    [tz, now, selected, playDay],
  );

  /** Select a camera without playing: its playlist loads where the playhead is. */
  const select = useCallback(
    (uidd: string) => {
      const at = target.current ?? now() - 60_000;
      target.current = at;
      map.current = undefined;
      setSelected(uidd);
      setPlayDay(dayOf(at, tz));
    },
    [tz, now],
  );

  const onFragments = useCallback((f: Fragment[]) => {
    map.current = new MediaMap(f);
  }, []);
  /** Where the new playlist starts: the pick, or the next recording after it. */
  const startAt = useCallback((f: Fragment[]) => {
    const m = new MediaMap(f).toMedia(target.current ?? 0, precision.current);
    setNothingAfter(m === undefined);
    return m && mediaOf(m);
  }, []);

  /** The player's position: moves the playhead; returns it on the clock. */
  const onMediaTime = useCallback((mediaSec: number): number | undefined => {
    const wall = map.current?.toWall(mediaSec);
    if (wall === undefined) return undefined;
    setPlayheadMs(wall);
    target.current = wall;
    if (Date.now() - saved.current > SAVE_EVERY_MS) {
      saved.current = Date.now();
      playbackStore.setTime(wall);
    }
    return wall;
  }, []);

  return {
    player,
    url,
    selected,
    playDay,
    playheadMs,
    nothingAfter,
    pick,
    prefetch,
    select,
    onFragments,
    startAt,
    onMediaTime,
    autoPlay,
  };
}
