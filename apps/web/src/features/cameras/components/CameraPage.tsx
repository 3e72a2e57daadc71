import '../../../shared/i18n/cameras.texts.ts';
import { type Camera, SNAPSHOT_FLASH_MS } from '@vigil/contracts';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { can } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { saveBlob, snapshotOf } from '../../../shared/platform/snapshot.ts';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { actionButton, linkClass } from '../../../shared/ui/styles.ts';
import { liveKey, useLiveState } from '../live/live-store.ts';
import { badgeOf, canPlay, offlineReason, storageFull } from '../status-badge.ts';
import { useCameraData } from '../use-camera-data.ts';
import { CameraControls } from './CameraControls.tsx';
import { CameraImage } from './CameraImage.tsx';
import { LiveVideo } from './LiveVideo.tsx';
import { SharedBadge } from './SharedBadge.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { TalkButton } from './TalkButton.tsx';

const action = actionButton;

/**
 * /cameras/:uidd: one camera live (main stream), its status, a snapshot, PTZ where supported, links to its
 * recordings and events. Each action shows only when the person's permission on the camera allows it (decision
 * 0405); `cameraActions` is what the route composes in (motion settings, for those who may change settings).
 */
/** Two-way audio for cameras with a speaker, for those who may control the camera (decision 0709). */
function Talk({ camera }: { camera: Camera }) {
  const { demo } = useShell();
  if (!camera.talkbackEnabled || demo || !can(camera, 'ptz')) return null;
  return (
    <div className="mt-3">
      <TalkButton uidd={camera.uidd} />
    </div>
  );
}

export function CameraPage({ cameraActions }: { cameraActions?: (uidd: string, name: string) => ReactNode }) {
  const { t } = useTranslation();
  const { brand } = useShell();
  const to = useShellPath();
  const { uidd = '' } = useParams();
  const { cameras, statuses } = useCameraData();
  const camera = cameras.data?.find((c) => c.uidd === uidd);
  usePageTitle(camera?.name ?? t('routes.camera'), brand.name);
  const status = statuses.get(uidd);
  const live = useLiveState(liveKey(uidd, 'main'));
  const video = useRef<HTMLVideoElement | null>(null);
  const [flash, setFlash] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (cameras.isPending) return <p className="p-6 text-neutral-600">{t('app.loading')}</p>;
  if (!camera)
    return (
      <section className="mx-auto max-w-[1200px] px-4 py-6">
        <h1 className="text-2xl font-semibold tracking-tight">{t('routes.camera')}</h1>
        <p className="mt-2">{t('cameras.notFound')}</p>
        <Link className={linkClass} to={to(paths.cameras)}>
          {t('cameras.back')}
        </Link>
      </section>
    );
  const badge = badgeOf(status, live?.phase);
  const watch = can(camera, 'viewLive');
  const snapshot = () => {
    const v = video.current;
    if (!v) return;
    setFlash(true);
    setTimeout(() => setFlash(false), SNAPSHOT_FLASH_MS);
    snapshotOf(v).then(
      (blob) => saveBlob(blob, `${camera.name} ${new Date().toISOString()}.jpg`.replace(/[:/]/g, '-')),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6" data-route-id="camera">
      <Link className={`${linkClass} text-sm`} to={to(paths.cameras)}>
        ← {t('cameras.back')}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{camera.name}</h1>
        <StatusBadge badge={badge} reason={offlineReason(status)} storageFull={storageFull(status)} />
        <SharedBadge camera={camera} />
      </div>
      <div className="relative mt-4 aspect-video overflow-hidden rounded-lg bg-neutral-900">
        <CameraImage camera={camera} status={status} size="still" />
        {watch && <LiveVideo uidd={uidd} stream="main" enabled={canPlay(badgeOf(status))} videoRef={video} />}
        {flash && <div className="absolute inset-0 bg-white/70" aria-hidden="true" />}
        {live?.converted && live.phase === 'playing' && (
          <span
            data-testid="converted-badge"
            title={t('cameras.convertedVideoHelp')}
            className="absolute right-2 top-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white"
          >
            {t('cameras.convertedVideo')}
          </span>
        )}
        {live?.phase === 'unsupported' && (
          <p className="absolute inset-x-0 bottom-0 bg-black/70 p-2 text-sm text-white">
            {t('cameras.unsupportedHelp')}
          </p>
        )}
        {live?.phase === 'ended' && (
          <p className="absolute inset-x-0 bottom-0 bg-black/70 p-2 text-sm text-white">
            {t('cameras.ended')}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {watch && (
          <button type="button" className={action} onClick={snapshot} disabled={live?.phase !== 'playing'}>
            {t('cameras.snapshot')}
          </button>
        )}
        {can(camera, 'viewRecorded') && (
          <Link className={action} to={`${to(paths.playback)}?camera=${encodeURIComponent(uidd)}`}>
            {t('cameras.recordings')}
          </Link>
        )}
        {can(camera, 'events') && (
          <Link className={action} to={to(paths.events)}>
            {t('cameras.events')}
          </Link>
        )}
        {can(camera, 'cameraSettings') && cameraActions?.(uidd, camera.name)}
      </div>
      {watch && <Talk camera={camera} />}
      {!watch && <p className="mt-2 text-sm text-neutral-700">{t('cameras.noLive')}</p>}
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
      <CameraControls camera={camera} />
    </section>
  );
}
