import '../../../shared/i18n/cameras.texts.ts';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { can } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { linkClass } from '../../../shared/ui/styles.ts';
import { loadLayouts, PRESENTATION_STEP_MS } from '../layouts.ts';
import { liveKey, useLiveState } from '../live/live-store.ts';
import { badgeOf, canPlay, offlineReason, storageFull } from '../status-badge.ts';
import { useCameraData } from '../use-camera-data.ts';
import { loadOrder, ordered } from '../view-prefs.ts';
import { CameraImage } from './CameraImage.tsx';
import { LiveVideo } from './LiveVideo.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const button = 'rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm hover:bg-neutral-50';

/** /cameras/presentations/:id: one camera at a time, live, moving on every 10 s (a layout's cameras, or all). */
export function PresentationPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  const to = useShellPath();
  const { id = 'all' } = useParams();
  const { cameras, statuses } = useCameraData();
  const layout = loadLayouts().find((l) => l.id === id);
  const all = ordered(cameras.data ?? [], loadOrder());
  const list = layout ? layout.uidds.flatMap((u) => all.find((c) => c.uidd === u) ?? []) : all;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  usePageTitle(`${t('cameras.presentation')}${layout ? ` · ${layout.name}` : ''}`, brand.name);
  useEffect(() => {
    if (paused || list.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % list.length), PRESENTATION_STEP_MS);
    return () => clearInterval(timer);
  }, [paused, list.length]);
  const camera = list.length > 0 ? list[index % list.length] : undefined;
  const status = camera ? statuses.get(camera.uidd) : undefined;
  const live = useLiveState(liveKey(camera?.uidd ?? '', 'main'));
  const step = (by: number) => setIndex((i) => (i + by + list.length) % list.length);
  return (
    <section className="mx-auto w-full max-w-[1400px] px-4 py-6 sm:px-6" data-route-id="cameraPresentation">
      <Link className={`${linkClass} text-sm`} to={to(paths.cameras)}>
        ← {t('cameras.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">
        {t('routes.cameraPresentation')}
        {layout ? ` · ${layout.name}` : ''}
      </h1>
      {!camera ? (
        <p className="mt-4">{cameras.isPending ? t('app.loading') : t('cameras.none')}</p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h2 className="text-xl font-medium">{camera.name}</h2>
            <StatusBadge
              badge={badgeOf(status, live?.phase)}
              reason={offlineReason(status)}
              storageFull={storageFull(status)}
            />
            <span className="text-sm text-neutral-600">
              {t('cameras.presentationOf', { index: (index % list.length) + 1, count: list.length })}
            </span>
          </div>
          <div className="relative mt-4 aspect-video overflow-hidden rounded-lg bg-neutral-900">
            <CameraImage camera={camera} status={status} size="still" />
            <LiveVideo
              key={camera.uidd}
              uidd={camera.uidd}
              stream="main"
              enabled={can(camera, 'viewLive') && canPlay(badgeOf(status))}
            />
          </div>
          <div className="mt-3 flex gap-2">
            <button type="button" className={button} onClick={() => step(-1)}>
              {t('cameras.previous')}
            </button>
            <button type="button" className={button} onClick={() => setPaused((p) => !p)}>
              {paused ? t('cameras.resume') : t('cameras.pause')}
            </button>
            <button type="button" className={button} onClick={() => step(1)}>
              {t('cameras.next')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
