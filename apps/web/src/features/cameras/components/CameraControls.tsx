import type { Camera, PtzDirection, Uidd } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths.ts';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { useDeleteCamera } from '../api/delete-camera.ts';
import { sendCameraTask } from '../api/send-task.ts';
import { useUninstallCameras } from '../api/uninstall.ts';

const PTZ: PtzDirection[] = ['up', 'left', 'home', 'right', 'down', 'zoomin', 'zoomout'];
const button =
  'rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm hover:bg-neutral-50 disabled:opacity-60';

/** PTZ buttons (cameras that have it), uninstall with the polling plan, delete. */
export function CameraControls({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  const { demo } = useShell();
  const to = useShellPath();
  const navigate = useNavigate();
  const uninstall = useUninstallCameras();
  const remove = useDeleteCamera();
  const [message, setMessage] = useState<string | undefined>();
  const ptz = (d: PtzDirection) =>
    sendCameraTask(camera.uidd, `ptz_${d}`).then(
      () => setMessage(undefined),
      (e: unknown) => setMessage(e instanceof Error ? e.message : String(e)),
    );
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
      {camera.ptzEnabled && (
        <fieldset className="flex flex-wrap gap-1" aria-label={t('cameras.ptz')}>
          {PTZ.map((d) => (
            <button key={d} type="button" className={button} onClick={() => void ptz(d)}>
              {t(`cameras.ptzDirections.${d}` as 'cameras.ptzDirections.up')}
            </button>
          ))}
        </fieldset>
      )}
      {!demo && (
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
