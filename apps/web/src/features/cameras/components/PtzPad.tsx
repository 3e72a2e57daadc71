import '../../../shared/i18n/cameras.texts.ts';
import { type Camera, PTZ_ERROR_CODES, type PtzDirection, type PtzErrorCode } from '@vigil/contracts';
import { ApiRequestError } from '../../../shared/api/client.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSendCameraTask } from '../api/send-task.ts';

/** The pad's layout: a cross of directions around home, then zoom. Empty cells keep the cross shape. */
const CROSS: Array<PtzDirection | `gap${number}`> = [
  'gap1',
  'up',
  'gap2',
  'left',
  'home',
  'right',
  'gap3',
  'down',
  'gap4',
];
const ZOOM: PtzDirection[] = ['zoomout', 'zoomin'];

// 44 px targets (a thumb on a phone); aria-disabled rather than disabled while a move runs, so a keyboard user's
// focus stays on the button they pressed.
const button =
  'min-h-11 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm hover:bg-neutral-50' +
  ' aria-disabled:cursor-wait aria-disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2';

/** PTZ buttons of a camera that has it: one step per press (decision 0307), one move at a time. */
export function PtzPad({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  const task = useSendCameraTask();
  const moving = task.isPending ? task.variables.action.slice(4) : undefined;
  const press = (d: PtzDirection) => {
    if (task.isPending) return;
    task.mutate({ uid: camera.uidd, action: `ptz_${d}` });
  };
  const error = (() => {
    const e = task.error;
    if (!e) return undefined;
    if (e instanceof ApiRequestError && (PTZ_ERROR_CODES as readonly string[]).includes(e.code))
      return t(`cameras.ptzErrors.${e.code as PtzErrorCode}`);
    return t('cameras.ptzErrors.generic');
  })();
  const pad = (d: PtzDirection) => (
    <button
      key={d}
      type="button"
      className={`${button} ${moving === d ? 'border-neutral-900' : ''}`}
      aria-disabled={task.isPending || undefined}
      onClick={() => press(d)}
    >
      {t(`cameras.ptzDirections.${d}` as 'cameras.ptzDirections.up')}
    </button>
  );
  return (
    <fieldset className="w-full max-w-xs" aria-label={t('cameras.ptz')} aria-busy={task.isPending}>
      <legend className="mb-1 text-sm font-medium text-neutral-700">{t('cameras.ptz')}</legend>
      <div className="grid grid-cols-3 gap-1">
        {CROSS.map((d) =>
          d.startsWith('gap') ? <span key={d} aria-hidden="true" /> : pad(d as PtzDirection),
        )}
      </div>
      <div className="mt-1 grid grid-cols-2 gap-1">{ZOOM.map(pad)}</div>
      <p role="status" className="mt-1 min-h-5 text-sm text-neutral-600">
        {task.isPending ? t('cameras.ptzMoving') : ''}
      </p>
      {error && (
        <p role="alert" data-testid="ptz-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
