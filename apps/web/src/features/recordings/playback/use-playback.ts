import { startTransition, useCallback, useMemo, useRef, useState } from 'react';
import type { Fragment } from '../../../shared/player/engines.ts';
import { isPrepared, preparedFragments } from '../../../shared/player/standby.ts';
import type { VideoPlayerHandle } from '../../../shared/player/VideoPlayer.tsx';
import { dayOf } from '../../../shared/time/zoned.ts';
import { hlsUrl } from '../api/video-urls.ts';
import { MediaMap } from '../timeline/media-map.ts';
import { daySpan, firstSpan, type Span, sameSpan, seeksWithin } from './spans.ts';
import { playbackStore } from './storage.ts';

/** How often the playback time is written to local storage while playing. */
const SAVE_EVERY_MS = 2000;
/**
 * A pick snapped to a fragment's start (its keyframe) goes this far inside it: hls.js takes a position right on
 * a boundary for the fragment before whenever the two disagree by a rounding (its fragment times move by the
 * media's own once loaded), and fetches that one first: a whole extra fetch on half the seeks, measured (0510).
 * Under a frame at up to 50 fps, so the keyframe is still what shows.
 */
const INTO_FRAGMENT_SEC = 0.02;
const mediaOf = (m: { mediaSec: number; snapped: boolean }): number =>
  m.mediaSec + (m.snapped ? INTO_FRAGMENT_SEC : 0);

/** What plays: a camera's day, and the span of it the playing playlist covers (the day, or the first hour). */
interface Playing {
  uidd: string;
  day: string;
  daySpan: Span;
  span: Span;
}
const urlOf = (uidd: string, s: Span) => hlsUrl(uidd, s.fromMs, s.toMs);

/**
 * The playback of the timeline: which camera and which day play, where, and the mapping between the playlist's
 * media time and the clock. A pick on another camera or day starts with the hour around it (decision 0766) while
 * the day's playlist is prepared behind it; a pick the playing playlist holds is a seek, any other switches to the
 * day's (at once once prepared, a seek's worth; else another first hour).
 */
export function usePlayback(o: { tz: string; now: () => number }) {
  const { tz, now } = o;
  const player = useRef<VideoPlayerHandle>(null);
  const [playheadMs, setPlayheadMs] = useState<number | undefined>(() => playbackStore.time());
  const [nothingAfter, setNothingAfter] = useState(false);
  const target = useRef<number | undefined>(playheadMs);
  /** How precisely the pick was meant (ms): a seek may start on the keyframe that far before it. */
  const precision = useRef(0);
  const [autoPlay, setAutoPlay] = useState(false);
  const save = useSaveEvery();

  const list = usePlaylist(tz, now);
  const { playing, open, holds, toMedia, toWall, continuation } = list;
  const [selected, playDay] = [playing?.uidd, playing?.day];

  /**
   * Seeks, and only then re-renders (a transition, in a later task): the element's 'seeking', on which hls.js
   * starts fetching, is not held behind a render of the page (10–40 ms on a busy machine, measured: 0510).
   */
  const seekTo = useCallback(
    (ms: number) => {
      const m = toMedia(ms, precision.current);
      if (m) {
        player.current?.seek(mediaOf(m));
        void player.current?.play();
      }
      startTransition(() => {
        setPlayheadMs(ms);
        setNothingAfter(m === undefined);
      });
    },
    [toMedia],
  );

  /** Play `uidd` from `ms`, meant to within `precisionMs` (a click on the timeline, the keyboard). */
  const pick = useCallback(
    (uidd: string, ms: number, precisionMs = 0) => {
      const at = Math.min(ms, now());
      precision.current = precisionMs;
      playbackStore.setTime(at);
      const day = dayOf(at, tz);
      target.current = at;
      if (uidd === selected && day === playDay && holds(at)) return seekTo(at);
      setPlayheadMs(at);
      setAutoPlay(true);
      open(uidd, day, at);
    },
    [tz, now, selected, playDay, seekTo, holds, open],
  );

  /** The pointer rests at `ms`: the fragment a press there would play is fetched now (decision 0510). */
  const prefetch = useCallback(
    (uidd: string, ms: number, precisionMs: number) => {
      const at = Math.min(ms, now());
      if (uidd !== selected || dayOf(ms, tz) !== playDay || !holds(at)) return;
      const m = toMedia(at, precisionMs);
      if (m) player.current?.prefetch(mediaOf(m));
    },
    [tz, now, selected, playDay, holds, toMedia],
  );

  /**
   * Select a camera without playing: its playlist loads where the playhead is, from the keyframe at or before it
   * within SAVE_EVERY_MS (the stored playhead is no more precise than that): its first picture is then the first
   * frame decoded, not one up to a GOP of decoding later (navigation → first picture, decision 0863).
   */
  const select = useCallback(
    (uidd: string) => {
      const at = target.current ?? now() - 60_000;
      target.current = at;
      precision.current = SAVE_EVERY_MS;
      open(uidd, dayOf(at, tz), at);
    },
    [tz, now, open],
  );

  /** Where the new playlist starts: the pick, or the next recording after it. */
  const startAt = useCallback((f: Fragment[]) => {
    const m = new MediaMap(f).toMedia(target.current ?? 0, precision.current);
    setNothingAfter(m === undefined);
    return m && mediaOf(m);
  }, []);

  /** The player's position: moves the playhead; returns it on the clock. */
  const onMediaTime = useCallback(
    (mediaSec: number): number | undefined => {
      const wall = toWall(mediaSec);
      if (wall === undefined) return undefined;
      setPlayheadMs(wall);
      target.current = wall;
      save(wall);
      return wall;
    },
    [toWall, save],
  );

  /**
   * The playing playlist ended: where it was the first hour of a day with more recorded after it, the day's
   * (prepared by then) takes over from there. Otherwise it rests at the end, as the day's does.
   */
  const onEnded = useCallback(() => {
    const end = continuation();
    if (!playing || end === undefined) return;
    target.current = end;
    setAutoPlay(true);
    open(playing.uidd, playing.day, end);
  }, [playing, open, continuation]);

  return {
    player,
    url: list.url,
    standby: list.standby,
    onFragments: list.onFragments,
    source: playing && `${playing.uidd} ${playing.day}`,
    onEnded,
    selected,
    playDay,
    playheadMs,
    nothingAfter,
    pick,
    prefetch,
    select,
    startAt,
    onMediaTime,
    autoPlay,
  };
}

/**
 * Which playlist plays: the camera's day, and the span of it its playlist covers (the first hour, or the day once
 * prepared: decision 0766); `holds` tells whether a pick can seek in the playing one.
 */
function usePlaylist(tz: string, now: () => number) {
  const [playing, setPlaying] = useState<Playing | undefined>(undefined);
  /** The playing playlist's media time against the clock, from its fragments. */
  const map = useRef<MediaMap | undefined>(undefined);
  const url = useMemo(
    () =>
      playing && playing.span.toMs > playing.span.fromMs ? urlOf(playing.uidd, playing.span) : undefined,
    [playing],
  );
  /** The day's playlist while a shorter one plays: prepared behind it. */
  const standby = useMemo(
    () =>
      playing && !sameSpan(playing.span, playing.daySpan) ? urlOf(playing.uidd, playing.daySpan) : undefined,
    [playing],
  );

  /**
   * Plays `uidd`'s `day` from `at`: the day's playlist when it is prepared (or the same day is playing already in
   * it), else the hour around `at`. Today's day ends when it is first opened (kept while that day plays, so that
   * its prepared playlist is the one switched to).
   */
  const open = useCallback(
    (uidd: string, day: string, at: number) => {
      map.current = undefined;
      setPlaying((p) => {
        const whole = p && p.uidd === uidd && p.day === day ? p.daySpan : daySpan(day, tz, now());
        const span = isPrepared(urlOf(uidd, whole)) ? whole : firstSpan(at, whole);
        return { uidd, day, daySpan: whole, span };
      });
    },
    [tz, now],
  );

  /** Whether the playing playlist can seek to `ms` (else the day's plays it). */
  const holds = useCallback(
    (ms: number): boolean =>
      playing !== undefined &&
      map.current !== undefined &&
      seeksWithin(playing.span, playing.daySpan, ms, map.current.toMedia(ms) !== undefined),
    [playing],
  );
  const toMedia = useCallback((ms: number, precisionMs: number) => map.current?.toMedia(ms, precisionMs), []);
  const toWall = useCallback((mediaSec: number) => map.current?.toWall(mediaSec), []);
  const onFragments = useCallback((f: Fragment[]) => {
    map.current = new MediaMap(f);
  }, []);
  /** Where the day's playlist goes on from the end of the playing hour, if it is prepared and has more. */
  const continuation = useCallback((): number | undefined => {
    const end = map.current?.endMs;
    if (!playing || sameSpan(playing.span, playing.daySpan) || end === undefined) return undefined;
    const day = preparedFragments(urlOf(playing.uidd, playing.daySpan));
    return day && new MediaMap(day).toMedia(end) !== undefined ? end : undefined;
  }, [playing]);
  return { playing, url, standby, open, holds, toMedia, toWall, onFragments, continuation };
}

/** Keeps the playback time in local storage while playing, at most every SAVE_EVERY_MS. */
function useSaveEvery(): (wallMs: number) => void {
  const saved = useRef(0);
  return useCallback((wallMs: number) => {
    if (Date.now() - saved.current <= SAVE_EVERY_MS) return;
    saved.current = Date.now();
    playbackStore.setTime(wallMs);
  }, []);
}
