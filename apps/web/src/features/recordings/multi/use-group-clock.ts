import { useCallback, useEffect, useRef, useState } from 'react';
import type { Fragment } from '../../../shared/player/engines.ts';
import type { VideoPlayerHandle } from '../../../shared/player/VideoPlayer.tsx';
import type { Span } from '../playback/spans.ts';
import type { MediaMap } from '../timeline/media-map.ts';
import { leaderOf, type Member, MULTI_DRIFT_MS, nextRecorded, stepOf } from './sync.ts';

/** How often the players are brought back to the shared clock (the player's own progress period). */
const SYNC_EVERY_MS = 250;

export interface GroupClockOptions {
  startMs: number;
  now: () => number;
  spanAround: (ms: number) => Span & { last: boolean };
  mapOf: (fragments: Fragment[]) => MediaMap;
}

/**
 * The shared clock of a group of players (decision 0767): each tick the leader's picture moves it, the others are
 * sought to it past MULTI_DRIFT_MS or paused where they recorded nothing; a pick moves it for all.
 */
export function useGroupClock(chosen: readonly string[], p: GroupClockOptions) {
  const clock = useRef(p.startMs);
  const [shown, setShown] = useState<{ clockMs: number; walls: Record<string, number | undefined> }>({
    clockMs: p.startMs,
    walls: {},
  });
  const [span, setSpan] = useState(() => p.spanAround(p.startMs));
  const [playing, setPlaying] = useState(true);
  const handles = useRef(new Map<string, VideoPlayerHandle | null>());
  const maps = useRef(new Map<string, MediaMap>());

  const members = useCallback(
    (): Member[] =>
      chosen.map((uidd) => {
        const map = maps.current.get(uidd);
        const v = handles.current.get(uidd)?.video();
        return { uidd, map, wallMs: v && map ? map.toWall(v.currentTime) : undefined };
      }),
    [chosen],
  );

  const align = useCallback(
    (all: Member[], force: boolean) => alignAll(all, handles.current, clock.current, playing, force),
    [playing],
  );

  /** Moves the clock to `ms` for every camera (a pick on the timeline). */
  const seekAll = useCallback(
    (ms: number) => {
      const at = Math.min(ms, p.now());
      clock.current = at;
      setShown((s) => ({ ...s, clockMs: at }));
      if (at < span.fromMs || at >= span.toMs) {
        maps.current.clear();
        setSpan(p.spanAround(at));
        return;
      }
      align(members(), true);
    },
    [span, p, align, members],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      const all = members();
      if (all.every((m) => !m.map)) return;
      if (playing) {
        const next = clockAfter(all, clock.current);
        if (next === undefined) return;
        clock.current = next;
        // Near the end of the hour: the next hour for all (unless this is the last that may play).
        if (clock.current >= span.toMs - 1000 && !span.last) {
          maps.current.clear();
          setSpan(p.spanAround(clock.current));
          return;
        }
        align(all, false);
      }
      setShown({ clockMs: clock.current, walls: Object.fromEntries(all.map((m) => [m.uidd, m.wallMs])) });
    }, SYNC_EVERY_MS);
    return () => clearInterval(timer);
  }, [members, playing, align, span, p]);

  const toggle = () => {
    const next = !playing;
    setPlaying(next);
    for (const uidd of chosen) {
      const h = handles.current.get(uidd);
      if (next) void h?.play();
      else h?.pause();
    }
  };
  // For the players: their handles, their playlists' maps, where each starts (the clock when it loads).
  const register = useCallback((uidd: string, h: VideoPlayerHandle | null) => {
    handles.current.set(uidd, h);
  }, []);
  const loaded = useCallback(
    (uidd: string, f: Fragment[]) => {
      maps.current.set(uidd, p.mapOf(f));
    },
    [p],
  );
  const startAt = useCallback((f: Fragment[]) => p.mapOf(f).toMedia(clock.current)?.mediaSec, [p]);
  return { shown, span, playing, seekAll, toggle, register, loaded, startAt };
}

/**
 * Where the clock is after a tick while playing: the leader's picture when it is near the clock (else the leader is
 * loading or seeking, and the clock waits for it); where nobody recorded, the first recording after it; undefined
 * after the last (the clock rests).
 */
function clockAfter(all: Member[], clockMs: number): number | undefined {
  const leader = leaderOf(all, clockMs);
  if (!leader) return nextRecorded(all, clockMs);
  if (leader.wallMs !== undefined && Math.abs(leader.wallMs - clockMs) <= MULTI_DRIFT_MS)
    return leader.wallMs;
  return clockMs;
}

/** Brings every player to the clock: seeks the ones too far from it, pauses the ones with nothing there. */
function alignAll(
  all: Member[],
  handles: ReadonlyMap<string, VideoPlayerHandle | null>,
  clockMs: number,
  playing: boolean,
  force: boolean,
): void {
  for (const m of all) {
    const h = handles.get(m.uidd);
    const v = h?.video();
    if (!h || !v || !m.map) continue;
    // A pick seeks every player that recorded there, however near it already is.
    const step = stepOf(force ? { ...m, wallMs: undefined } : m, clockMs);
    if (step.kind === 'wait') h.pause();
    else if (step.kind === 'seek' && !v.seeking) h.seek(step.mediaSec);
    if (step.kind !== 'wait' && playing && v.paused) void h.play();
  }
}
