import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fragment } from '../../../shared/player/engines.ts';
import { VideoPlayer, type VideoPlayerHandle } from '../../../shared/player/VideoPlayer.tsx';
import { sessionStore } from '../../../shared/session/store.ts';
import { dayOf, timeWithSecondsOf } from '../../../shared/time/zoned.ts';
import { fit, secondaryButton } from '../../../shared/ui/styles.ts';
import type { Span } from '../playback/spans.ts';
import type { MediaMap } from '../timeline/media-map.ts';
import {
  leaderOf,
  type Member,
  MULTI_DRIFT_MS,
  MULTI_MAX_CAMERAS,
  MULTI_MIN_CAMERAS,
  nextRecorded,
  stepOf,
} from './sync.ts';
import '../../../shared/i18n/recordings.texts.ts';

/** How often the players are brought back to the shared clock (the player's own progress period). */
const SYNC_EVERY_MS = 250;

/**
 * The timeline, the playlists' spans and addresses and the media maps come from the page: imported here they
 * would leave the page's chunk for one shared with this lazy one, and cost /playback's first load (its budget).
 */
export interface MultiPlaybackProps {
  cameras: readonly { uidd: string; name: string }[];
  tz: string;
  speed: number;
  startMs: number;
  /** The camera playing on the single view: it is in the group first. */
  first: string | undefined;
  now: () => number;
  /** The hour around an instant (decision 0766's first span), and whether it is the end of what may play. */
  spanAround: (ms: number) => Span & { last: boolean };
  urlOf: (uidd: string, span: Span) => string;
  mapOf: (fragments: Fragment[]) => MediaMap;
  timeline: (o: {
    cameras: readonly { uidd: string; name: string }[];
    playheadMs: number;
    onPick: (ms: number) => void;
  }) => ReactNode;
}

/**
 * Multi-camera playback (spec 000 §2 names it by its text key only): 2 to 4 cameras on one timeline, one clock.
 * The first camera with a recording at the clock leads (its video moves the clock); the others are sought back
 * to it when they drift further than MULTI_DRIFT_MS, and wait, paused, where they recorded nothing. Each plays
 * the hour around the clock (decision 0766's first span); a pick outside it loads the hour there for all.
 * Decision 0767.
 */
export function MultiPlayback(p: MultiPlaybackProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(() => {
    const order = [...p.cameras].sort((a, b) => (a.uidd === p.first ? -1 : b.uidd === p.first ? 1 : 0));
    return order.slice(0, MULTI_MIN_CAMERAS).map((c) => c.uidd);
  });
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

  /** Brings every player to the clock: seeks the ones too far from it, pauses the ones with nothing there. */
  const align = useCallback(
    (all: Member[], force: boolean) => {
      for (const m of all) {
        const h = handles.current.get(m.uidd);
        const v = h?.video();
        if (!h || !v || !m.map) continue;
        // A pick seeks every player that recorded there, however near it already is.
        const step = stepOf(force ? { ...m, wallMs: undefined } : m, clock.current);
        if (step.kind === 'wait') h.pause();
        else if (step.kind === 'seek' && !v.seeking) h.seek(step.mediaSec);
        if (step.kind !== 'wait' && playing && v.paused) void h.play();
      }
    },
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
  const choose = (uidd: string, on: boolean) =>
    setChosen((c) => (on ? [...c, uidd].slice(0, MULTI_MAX_CAMERAS) : c.filter((x) => x !== uidd)));
  const named = new Map(p.cameras.map((c) => [c.uidd, c.name]));
  const at = (ms: number | undefined) =>
    ms === undefined ? t('recordings.multi.nothingHere') : timeWithSecondsOf(ms, p.tz);

  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <legend className="mb-1 font-medium">
          {t('recordings.multi.choose', { min: MULTI_MIN_CAMERAS, max: MULTI_MAX_CAMERAS })}
        </legend>
        {p.cameras.map((c) => {
          const on = chosen.includes(c.uidd);
          return (
            <label key={c.uidd} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={on}
                disabled={on ? chosen.length <= MULTI_MIN_CAMERAS : chosen.length >= MULTI_MAX_CAMERAS}
                onChange={(e) => choose(c.uidd, e.currentTarget.checked)}
              />
              {c.name}
            </label>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={fit(secondaryButton)} onClick={toggle}>
          {playing ? t('recordings.multi.pause') : t('recordings.multi.play')}
        </button>
        <p className="text-sm text-neutral-700" aria-live="polite" data-testid="multi-clock">
          {t('recordings.multi.at', {
            time: `${dayOf(shown.clockMs, p.tz)} ${timeWithSecondsOf(shown.clockMs, p.tz)}`,
          })}
        </p>
      </div>
      <section aria-label={t('recordings.multi.group')} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {chosen.map((uidd) => (
          <figure key={uidd} className="grid gap-1" data-testid="multi-tile">
            <VideoPlayer
              handle={(h) => {
                handles.current.set(uidd, h);
              }}
              url={p.urlOf(uidd, span)}
              controls={false}
              autoPlay={playing}
              playbackRate={p.speed}
              headers={authHeaders}
              label={t('recordings.playerOf', { name: named.get(uidd) ?? uidd })}
              onFragments={(f: Fragment[]) => {
                maps.current.set(uidd, p.mapOf(f));
              }}
              startAt={(f: Fragment[]) => p.mapOf(f).toMedia(clock.current)?.mediaSec}
              className="aspect-video w-full rounded-lg"
            />
            <figcaption className="text-sm" data-testid="multi-tile-clock">
              {named.get(uidd)} · {at(shown.walls[uidd])}
            </figcaption>
          </figure>
        ))}
      </section>
      {p.timeline({
        cameras: chosen.map((uidd) => ({ uidd, name: named.get(uidd) ?? uidd })),
        playheadMs: shown.clockMs,
        onPick: seekAll,
      })}
    </div>
  );
}

/** The viewer's token for the playlists (the files carry their grant). */
const authHeaders = (): Record<string, string> => {
  const token = sessionStore.get()?.authToken;
  return token ? { authorization: `Bearer ${token}` } : {};
};

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
