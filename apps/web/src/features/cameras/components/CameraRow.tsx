import '../../../shared/i18n/cameras.texts.ts';
import type { Camera, CameraStatus } from '@vigil/contracts';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShellPath } from '../../../shared/routing/shell.tsx';
import { badgeOf, offlineReason, storageFull } from '../status-badge.ts';
import { CameraImage } from './CameraImage.tsx';
import { SharedBadge } from './SharedBadge.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** One camera of the list view: thumbnail, name, tags, status. */
export function CameraRow({
  camera,
  status,
  onMove,
}: {
  camera: Camera;
  status: CameraStatus | undefined;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const to = useShellPath();
  return (
    <li className="flex items-center gap-3 py-2" data-testid="camera-row" data-uidd={camera.uidd}>
      <div className="relative aspect-video w-28 shrink-0 overflow-hidden rounded bg-neutral-900">
        <CameraImage camera={camera} status={status} size="thumb" />
      </div>
      <div className="min-w-0 flex-1">
        <Link to={to(paths.camera(camera.uidd))} className="block truncate font-medium hover:underline">
          {camera.name}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          <StatusBadge
            badge={badgeOf(status)}
            reason={offlineReason(status)}
            storageFull={storageFull(status)}
          />
          <SharedBadge camera={camera} />
          {camera.tags.map((tag) => (
            <span key={tag} className="rounded bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-700">
              {tag}
            </span>
          ))}
        </div>
      </div>
      <span className="flex shrink-0 gap-1">
        <button
          type="button"
          className="rounded px-2 py-1 hover:bg-neutral-100"
          aria-label={t('cameras.moveUp', { name: camera.name })}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="rounded px-2 py-1 hover:bg-neutral-100"
          aria-label={t('cameras.moveDown', { name: camera.name })}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
      </span>
    </li>
  );
}
