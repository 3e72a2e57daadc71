import { PLAYBACK_SPEEDS } from '@vigil/contracts';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMediaGrants } from '../../../shared/api/media-grant.ts';
import { can, useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { DateRangePicker } from '../../../shared/pickers/DateRangePicker.tsx';
import { TimezoneSelect } from '../../../shared/pickers/TimezoneSelect.tsx';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { faultMessageKey, type PlayerFault } from '../../../shared/player/engines.ts';
import { VideoPlayer } from '../../../shared/player/VideoPlayer.tsx';
import { useShell } from '../../../shared/routing/shell.tsx';
import { sessionStore } from '../../../shared/session/store.ts';
import { addDays, dayOf, dayStart, timeWithSecondsOf } from '../../../shared/time/zoned.ts';
import { fit, secondaryButton } from '../../../shared/ui/styles.ts';
import { useEvents } from '../api/get-events.ts';
import { useSessions } from '../api/get-sessions.ts';
import { stillUrl } from '../api/video-urls.ts';
import { clampWindow, follow, type Window, zoomWindow } from '../timeline/scale.ts';
import { Timeline } from '../timeline/Timeline.tsx';
import { initialTimeZone, playbackStore } from './storage.ts';
import { usePlayback } from './use-playback.ts';
import { useTimelineCameras } from './use-timeline-cameras.ts';
import '../../../shared/i18n/recordings.texts.ts';

// The dialogs load when opened: the page's first picture does not wait for them (the /playback budget, 0766).
const DownloadDialog = lazy(() =>
  import('../download/DownloadDialog.tsx').then((m) => ({ default: m.DownloadDialog })),
);
const ShareDialog = lazy(() => import('../share/ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));
// Multi-camera playback loads when chosen (decision 0767).
const MultiPlayback = lazy(() =>
  import('../multi/MultiPlayback.tsx').then((m) => ({ default: m.MultiPlayback })),
);

/** Days the timeline may show at once (the date-range picker's maxDateDifference). */
const MAX_DAYS_SHOWN = 6;
const now = () => Date.now();
const authHeaders = (): Record<string, string> => {
  const token = sessionStore.get()?.authToken;
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * /playback: the cameras on a day timeline (or a few days) with their recordings and events; the player plays the
 * picked camera from the picked instant, across gaps, at 1x to 8x; clips download and share links from here.
 */
export function PlaybackPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.playback'), brand.name);
  // Only the cameras whose recordings the person may watch (live-only access shows none here: decision 0405).
  const cameras = useVisibleCameras('viewRecorded');
  const list = useMemo(
    () =>
      (cameras.data ?? []).map((c) => ({
        uidd: c.uidd,
        name: c.name,
        tz: c.timezoneName,
        mayRevoke: can(c, 'delete'),
      })),
    [cameras.data],
  );
  const [params] = useSearchParams();
  const asked = params.get('camera');
  useState(() => playbackStore.timeFromLink(params.get('at')));
  const [tz, setTz] = useState(() => initialTimeZone());
  const playback = usePlayback({ tz, now });
  const [days, setDays] = useState(() => {
    const d = dayOf(playback.playheadMs ?? now(), tz);
    return { start: d, end: d };
  });
  const bounds = useMemo<Window>(
    () => ({ fromMs: dayStart(days.start, tz), toMs: dayStart(addDays(days.end, 1), tz) }),
    [days, tz],
  );
  const [view, setView] = useState<Window>(() => {
    const stored = playbackStore.range();
    return stored ? clampWindow(stored, bounds) : bounds;
  });
  const [speed, setSpeed] = useState<number>(1);
  const [playing, setPlaying] = useState(false);
  const [fault, setFault] = useState<PlayerFault | undefined>(undefined);
  const [dialog, setDialog] = useState<'download' | 'share' | undefined>(undefined);
  const [multi, setMulti] = useState(false);

  const uidds = useMemo(() => list.map((c) => c.uidd), [list]);
  const frameGrants = useMediaGrants(uidds, 'recorded');
  // The timeline's runs and events wait for the first picture, unless none is coming (decision 0863).
  const noCameras = cameras.isSuccess && list.length === 0;
  const timeline = useTimelineCameras(uidds, noCameras || playback.nothingAfter || !!fault || multi);
  const timelineUidds = timeline.uidds;
  // Today's window ends at the next whole minute, not at now(): a key that changed at every render (each playhead
  // tick) asked for the sessions again each time, dozens of requests a second while playing (decision 0765). The
  // query refetches every minute anyway.
  const sessions = useSessions(
    timelineUidds,
    bounds.fromMs,
    Math.min(bounds.toMs, Math.ceil(now() / 60_000) * 60_000),
  );
  const events = useEvents(timelineUidds, bounds.fromMs, bounds.toMs);
  const runs = useMemo(
    () => new Map((sessions.data?.cameras ?? []).map((c) => [c.uidd, c.sessions as Array<[number, number]>])),
    [sessions.data],
  );

  // The camera asked for (?camera=, from a camera's page) or the first plays by default, where the playhead was left.
  const first = list.find((c) => c.uidd === asked) ?? list[0];
  useEffect(() => {
    if (first && !playback.selected) playback.select(first.uidd);
  }, [first, playback]);

  const changeView = (w: Window) => {
    const next = clampWindow(w, bounds);
    setView(next);
    playbackStore.setRange(next);
  };
  const shown = clampWindow(view, bounds);

  // Recorded frames load in <img>: a short 'recorded' grant in the address, never the auth token (0014).
  const thumbUrl = (uidd: string, ms: number) => stillUrl(uidd, ms, frameGrants.get(uidd) ?? '', 320);
  const selectedCamera = list.find((c) => c.uidd === playback.selected);
  const anchor = playback.playheadMs ?? (shown.fromMs + shown.toMs) / 2;
  return (
    <section className="mx-auto flex w-full max-w-[1200px] flex-col gap-3 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.playback')}</h1>
      <div className="flex flex-wrap items-end gap-3">
        <DateRangePicker
          label={t('recordings.days')}
          start={days.start}
          end={days.end}
          max={dayOf(now(), tz)}
          maxDateDifference={MAX_DAYS_SHOWN}
          onChange={(start, end) => {
            setDays({ start, end });
            const b = { fromMs: dayStart(start, tz), toMs: dayStart(addDays(end, 1), tz) };
            changeView(b);
          }}
        />
        <TimezoneSelect
          label={t('recordings.timeZone')}
          value={tz}
          onChange={(z) => {
            setTz(z);
            playbackStore.setTimeZone(z);
          }}
        />
        <SpeedAndZoom
          speed={speed}
          onSpeed={setSpeed}
          onZoom={(factor) => changeView(zoomWindow(shown, factor, anchor, bounds))}
        />
        <span className="flex-1" />
        <button
          type="button"
          className={fit(secondaryButton)}
          aria-pressed={multi}
          onClick={() => setMulti((m) => !m)}
          disabled={list.length < 2}
        >
          {t('recordings.multi.open')}
        </button>
        <button
          type="button"
          className={fit(secondaryButton)}
          onClick={() => setDialog('download')}
          disabled={list.length === 0}
        >
          {t('recordings.download.open')}
        </button>
        <button
          type="button"
          className={fit(secondaryButton)}
          onClick={() => setDialog('share')}
          disabled={!selectedCamera}
        >
          {t('recordings.share.open')}
        </button>
      </div>

      <ListNotice failed={cameras.isError} empty={noCameras} />

      {multi ? (
        <Suspense fallback={null}>
          <MultiPlayback
            cameras={list}
            sessions={runs}
            events={events.data ?? []}
            window={shown}
            bounds={bounds}
            onWindow={changeView}
            thumbUrl={thumbUrl}
            tz={tz}
            speed={speed}
            startMs={playback.playheadMs ?? anchor}
            first={playback.selected}
            now={now}
          />
        </Suspense>
      ) : (
        <>
          <div className="grid gap-2">
            <VideoPlayer
              handle={playback.player}
              url={playback.url}
              source={playback.source}
              standby={playback.standby}
              onEnded={playback.onEnded}
              autoPlay={playback.autoPlay}
              playbackRate={speed}
              headers={authHeaders}
              fisheye
              label={selectedCamera ? t('recordings.playerOf', { name: selectedCamera.name }) : undefined}
              snapshotName={
                selectedCamera && playback.playheadMs
                  ? `${selectedCamera.name} ${dayOf(playback.playheadMs, tz)} ${timeWithSecondsOf(playback.playheadMs, tz).replaceAll(':', '-')}`
                  : undefined
              }
              startAt={playback.startAt}
              onFragments={playback.onFragments}
              onPlayingChange={setPlaying}
              onProgress={(p) => {
                const wall = playback.onMediaTime(p.playedSeconds);
                // Playback running off the visible part drags it along.
                if (wall !== undefined && playing)
                  setView((v) => follow(clampWindow(v, bounds), wall, bounds));
              }}
              onError={(f) => f.fatal && setFault(f)}
              onReady={() => {
                setFault(undefined);
                timeline.release();
              }}
              className="aspect-video max-h-[60vh] w-full rounded-lg"
            />
            <p className="text-sm text-neutral-700" aria-live="polite" data-testid="playback-clock">
              {selectedCamera?.name}
              {playback.playheadMs !== undefined &&
                ` · ${dayOf(playback.playheadMs, tz)} ${timeWithSecondsOf(playback.playheadMs, tz)} (${tz})`}
              {playback.nothingAfter && ` · ${t('recordings.nothingAfter')}`}
              {fault && ` · ${t(faultMessageKey(fault.status))}`}
            </p>
          </div>

          <Timeline
            cameras={list}
            sessions={runs}
            events={events.data ?? []}
            window={shown}
            bounds={bounds}
            onWindow={changeView}
            playheadMs={playback.playheadMs}
            selected={playback.selected}
            tz={tz}
            thumbUrl={thumbUrl}
            onPick={playback.pick}
            onRest={playback.prefetch}
          />
        </>
      )}

      <Dialogs
        dialog={dialog}
        cameras={list}
        camera={selectedCamera}
        selected={playback.selected}
        tz={tz}
        atMs={playback.playheadMs}
        onClose={() => setDialog(undefined)}
      />
    </section>
  );
}

/** The camera list failed, or has no camera to play. */
function ListNotice({ failed, empty }: { failed: boolean; empty: boolean }) {
  const { t } = useTranslation();
  if (failed)
    return (
      <p role="alert" className="text-red-700">
        {t('errors.generic')}
      </p>
    );
  return empty ? <p>{t('recordings.noCameras')}</p> : null;
}

/** The download and share dialogs, loaded when opened. */
function Dialogs(p: {
  dialog: 'download' | 'share' | undefined;
  cameras: { uidd: string; name: string; tz: string; mayRevoke: boolean }[];
  camera: { uidd: string; name: string; tz: string; mayRevoke: boolean } | undefined;
  selected: string | undefined;
  tz: string;
  atMs: number | undefined;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {p.dialog === 'download' && (
        <DownloadDialog
          cameras={p.cameras}
          selected={p.selected}
          tz={p.tz}
          atMs={p.atMs}
          onClose={p.onClose}
        />
      )}
      {p.dialog === 'share' && p.camera && (
        <ShareDialog camera={p.camera} tz={p.tz} atMs={p.atMs} onClose={p.onClose} />
      )}
    </Suspense>
  );
}

/** The speed (1x to 8x) and the timeline's zoom (halve or double the visible time). */
function SpeedAndZoom(p: { speed: number; onSpeed: (s: number) => void; onZoom: (factor: number) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="inline-flex items-center gap-2 text-sm">
        {t('recordings.speed')}
        <select
          className="rounded-md border border-neutral-300 px-2 py-2"
          value={p.speed}
          onChange={(e) => p.onSpeed(Number(e.currentTarget.value))}
        >
          {PLAYBACK_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}x
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-1">
        <button type="button" className={fit(secondaryButton)} onClick={() => p.onZoom(0.5)}>
          {t('recordings.zoomIn')}
        </button>
        <button type="button" className={fit(secondaryButton)} onClick={() => p.onZoom(2)}>
          {t('recordings.zoomOut')}
        </button>
      </div>
    </>
  );
}
