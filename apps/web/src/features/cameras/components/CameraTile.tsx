import '../../../shared/i18n/cameras.texts.ts';
import type { Camera, CameraStatus } from '@vigil/contracts';
import { useRef } from 'react';
import { Link } from 'react-router';
import { can } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { useVisible } from '../../../shared/ui/use-visible.ts';
import { liveKey, useLiveState } from '../live/live-store.ts';
import { badgeOf, canPlay, offlineReason, storageFull } from '../status-badge.ts';
import { CameraImage } from './CameraImage.tsx';
import { LiveVideo } from './LiveVideo.tsx';
import { SharedBadge } from './SharedBadge.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * One camera of the grid: live while on screen (IntersectionObserver) and the camera can play, its latest still
 * otherwise. Grid tiles use the SD stream where the camera has one.
 */
export function CameraTile({
  camera,
  status,
  onMove,
}: {
  camera: Camera;
  status: CameraStatus | undefined;
  onMove?: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const to = useShellPath();
  const box = useRef<HTMLDivElement | null>(null);
  const visible = useVisible(box, '100px');
  const stream = camera.hasSdStream ? 'sd' : 'main';
  const live = useLiveState(liveKey(camera.uidd, stream));
  const badge = badgeOf(status, live?.phase);
  const playing = visible && can(camera, 'viewLive') && canPlay(badgeOf(status));
  return (
    <li
      className="overflow-hidden rounded-lg border border-neutral-200 bg-white"
      data-testid="camera-tile"
      data-uidd={camera.uidd}
    >
      <div ref={box} className="relative aspect-video bg-neutral-900">
        <CameraImage camera={camera} status={status} size="thumb" />
        <LiveVideo uidd={camera.uidd} stream={stream} enabled={playing} />
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          <StatusBadge badge={badge} reason={offlineReason(status)} storageFull={storageFull(status)} />
        </div>
        <Link
          to={to(paths.camera(camera.uidd))}
          className="absolute inset-0"
          aria-label={t('cameras.open', { name: camera.name })}
        />
      </div>
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium" title={camera.name}>
            {camera.name}
          </span>
          <SharedBadge camera={camera} />
        </span>
        {onMove && (
          <span className="flex shrink-0 gap-1">
            <button
              type="button"
              className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1 text-neutral-500 hover:bg-neutral-100"
              aria-label={t('cameras.moveUp', { name: camera.name })}
              onClick={() => onMove(-1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1 text-neutral-500 hover:bg-neutral-100"
              aria-label={t('cameras.moveDown', { name: camera.name })}
              onClick={() => onMove(1)}
            >
              ↓
            </button>
          </span>
        )}
      </div>
    </li>
  );
}
