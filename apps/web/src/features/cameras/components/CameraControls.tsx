import '../../../shared/i18n/cameras.texts.ts';
import type { Camera, Uidd } from '@vigil/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { useDeleteCamera } from '../api/delete-camera.ts';
import { useUninstallCameras } from '../api/uninstall.ts';
import { PtzPad } from './PtzPad.tsx';

const button =
  'rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm hover:bg-neutral-50 disabled:opacity-60';

/** PTZ buttons (cameras that have it), uninstall with the polling plan, delete: each for those allowed it. */
export function CameraControls({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  const { demo } = useShell();
  const to = useShellPath();
  const navigate = useNavigate();
  const uninstall = useUninstallCameras();
  const remove = useDeleteCamera();
  const [message, setMessage] = useState<string | undefined>();
  const onUninstall = () => {
    if (!window.confirm(t('cameras.uninstallConfirm', { name: camera.name }))) return;
    uninstall.mutate([camera.uidd as Uidd], {
      onSuccess: (r) =>
        setMessage(
          r.type === 'succeeded'
            ? t('cameras.uninstalled')
            : t('cameras.uninstallFailed', { status: Object.values(r.statuses).join(', ') }),
        ),
    });
  };
  const onDelete = () => {
    if (!window.confirm(t('cameras.deleteConfirm', { name: camera.name }))) return;
    remove.mutate(camera.uidd, { onSuccess: () => void navigate(to(paths.cameras)) });
  };
  return (
    <div className="mt-4 space-y-3">
      {camera.ptzEnabled && can(camera, 'ptz') && <PtzPad camera={camera} />}
      {!demo && can(camera, 'install') && (
        <div className="flex flex-wrap gap-2">
          {!camera.uninstalled && (
            <button type="button" className={button} disabled={uninstall.isPending} onClick={onUninstall}>
              {uninstall.isPending ? t('cameras.uninstalling') : t('cameras.uninstall')}
            </button>
          )}
          <button
            type="button"
            className={`${button} text-red-700`}
            disabled={remove.isPending}
            onClick={onDelete}
          >
            {t('cameras.delete')}
          </button>
        </div>
      )}
      {message && (
        <p role="status" className="text-sm text-neutral-700">
          {message}
        </p>
      )}
    </div>
  );
}
