import type { EventItem } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Fragment } from '../../../shared/player/engines.ts';
import { VideoPlayer } from '../../../shared/player/VideoPlayer.tsx';
import { sessionStore } from '../../../shared/session/store.ts';
import { dayOf, timeWithSecondsOf } from '../../../shared/time/zoned.ts';
import { fit, secondaryButton } from '../../../shared/ui/styles.ts';
import { hlsUrl } from '../api/video-urls.ts';
import { daySpan, firstSpan } from '../playback/spans.ts';
import { MediaMap } from '../timeline/media-map.ts';
import type { Window } from '../timeline/scale.ts';
import { Timeline } from '../timeline/Timeline.tsx';
import { MULTI_MAX_CAMERAS, MULTI_MIN_CAMERAS } from './sync.ts';
import { useGroupClock } from './use-group-clock.ts';
import '../../../shared/i18n/recordings.texts.ts';

export interface MultiPlaybackProps {
  cameras: readonly { uidd: string; name: string }[];
  sessions: ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>;
  events: readonly EventItem[];
  window: Window;
  bounds: Window;
  onWindow: (w: Window) => void;
  thumbUrl: (uidd: string, ms: number) => string;
  tz: string;
  speed: number;
  startMs: number;
  /** The camera playing on the single view: it is in the group first. */
  first: string | undefined;
  now: () => number;
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
  const { tz, now } = p;
  const g = useGroupClock(
    chosen,
    useMemo(
      () => ({
        startMs: p.startMs,
        now,
        // The hour around an instant (0766's first span), and whether it is the last that may play.
        spanAround: (ms: number) => {
          const day = daySpan(dayOf(ms, tz), tz, now());
          const span = firstSpan(ms, day);
          return { ...span, last: span.toMs >= day.toMs };
        },
        mapOf: (f: Fragment[]) => new MediaMap(f),
      }),
      [p.startMs, tz, now],
    ),
  );
  const choose = (uidd: string, on: boolean) =>
    setChosen((c) => (on ? [...c, uidd].slice(0, MULTI_MAX_CAMERAS) : c.filter((x) => x !== uidd)));
  const named = new Map(p.cameras.map((c) => [c.uidd, c.name]));
  const at = (ms: number | undefined) =>
    ms === undefined ? t('recordings.multi.nothingHere') : timeWithSecondsOf(ms, p.tz);
  return (
    <div className="grid gap-3">
      <Chooser cameras={p.cameras} chosen={chosen} onChoose={choose} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={fit(secondaryButton)} onClick={g.toggle}>
          {g.playing ? t('recordings.multi.pause') : t('recordings.multi.play')}
        </button>
        <p className="text-sm text-neutral-700" aria-live="polite" data-testid="multi-clock">
          {t('recordings.multi.at', {
            time: `${dayOf(g.shown.clockMs, p.tz)} ${timeWithSecondsOf(g.shown.clockMs, p.tz)}`,
          })}
        </p>
      </div>
      <section aria-label={t('recordings.multi.group')} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {chosen.map((uidd) => (
          <figure key={uidd} className="grid gap-1" data-testid="multi-tile">
            <VideoPlayer
              handle={(h) => g.register(uidd, h)}
              url={hlsUrl(uidd, g.span.fromMs, g.span.toMs)}
              controls={false}
              autoPlay={g.playing}
              playbackRate={p.speed}
              headers={authHeaders}
              label={t('recordings.playerOf', { name: named.get(uidd) ?? uidd })}
              onFragments={(f) => g.loaded(uidd, f)}
              startAt={g.startAt}
              className="aspect-video w-full rounded-lg"
            />
            <figcaption className="text-sm" data-testid="multi-tile-clock">
              {named.get(uidd)} · {at(g.shown.walls[uidd])}
            </figcaption>
          </figure>
        ))}
      </section>
      <Timeline
        cameras={chosen.map((uidd) => ({ uidd, name: named.get(uidd) ?? uidd }))}
        sessions={p.sessions}
        events={p.events.filter((e) => chosen.includes(e.cameraUidd))}
        window={p.window}
        bounds={p.bounds}
        onWindow={p.onWindow}
        playheadMs={g.shown.clockMs}
        selected={chosen[0]}
        tz={tz}
        thumbUrl={p.thumbUrl}
        onPick={(_uidd, ms) => g.seekAll(ms)}
      />
    </div>
  );
}

/** The cameras to play together: 2 to 4 (the last two cannot be unticked, a fifth cannot be ticked). */
function Chooser(p: {
  cameras: readonly { uidd: string; name: string }[];
  chosen: readonly string[];
  onChoose: (uidd: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <legend className="mb-1 font-medium">
        {t('recordings.multi.choose', { min: MULTI_MIN_CAMERAS, max: MULTI_MAX_CAMERAS })}
      </legend>
      {p.cameras.map((c) => {
        const on = p.chosen.includes(c.uidd);
        return (
          <label key={c.uidd} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={on}
              disabled={on ? p.chosen.length <= MULTI_MIN_CAMERAS : p.chosen.length >= MULTI_MAX_CAMERAS}
              onChange={(e) => p.onChoose(c.uidd, e.currentTarget.checked)}
            />
            {c.name}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The viewer's token for the playlists (the files carry their grant). */
const authHeaders = (): Record<string, string> => {
  const token = sessionStore.get()?.authToken;
  return token ? { authorization: `Bearer ${token}` } : {};
};
