import type { Camera } from '@vigil/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { can, useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';
import { paths } from '../../../shared/config/paths.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { usePageTitle } from '../../../shared/platform/mobile-header.tsx';
import { useShell, useShellPath } from '../../../shared/routing/shell.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, linkClass, secondaryButton } from '../../../shared/ui/styles.ts';
import { useSaveRecording } from '../api/recording-config.ts';
import { useSchedulesOf } from '../api/schedules.ts';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/**
 * /settings: the cameras with their key settings, a link to each camera's settings, and bulk cloud recording on or
 * off for the chosen cameras (each its own call, so one refusal, a licence limit say, does not stop the others).
 */
export function SettingsListPage() {
  const { t } = useTranslation();
  const { brand } = useShell();
  usePageTitle(t('routes.settings'), brand.name);
  const cameras = useVisibleCameras();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const save = useSaveRecording();
  const feedback = useFeedback();
  const list = (cameras.data ?? []).filter((c) => !c.uninstalled);
  const schedules = useSchedulesOf(list.map((c) => c.uidd));
  const entriesOf = (uidd: string) => (schedules.data ?? []).filter((e) => e.uidd === uidd).length;
  const bulk = (on: boolean) =>
    void feedback.run(async () => {
      const results = await Promise.allSettled(
        [...chosen].map((uidd) => save.mutateAsync({ uidd, cloudRecordingEnabled: on })),
      );
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    });
  return (
    <section className="mx-auto w-full max-w-[1000px] space-y-4 px-4 py-6 sm:px-6" data-route-id="settings">
      <h1 className="text-2xl font-semibold tracking-tight">{t('routes.settings')}</h1>
      {cameras.isPending && <p className="text-neutral-600">{t('app.loading')}</p>}
      {!cameras.isPending && list.length === 0 && <p>{t('cameraSettings.noCameras')}</p>}
      {list.length > 0 && (
        <form
          className="flex flex-wrap gap-2"
          aria-label={t('cameraSettings.bulk')}
          onSubmit={(e) => {
            e.preventDefault();
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            bulk(submitter?.value === 'on');
          }}
        >
          <button type="submit" value="on" className={fit(secondaryButton)} disabled={chosen.size === 0}>
            {t('cameraSettings.bulkOn', { count: chosen.size })}
          </button>
          <button type="submit" value="off" className={fit(secondaryButton)} disabled={chosen.size === 0}>
            {t('cameraSettings.bulkOff', { count: chosen.size })}
          </button>
        </form>
      )}
      <StatusMessage message={feedback.saved} />
      <FormError message={feedback.error} />
      <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white">
        {list.map((c) => (
          <CameraLine
            key={c.uidd}
            camera={c}
            entries={entriesOf(c.uidd)}
            chosen={chosen.has(c.uidd)}
            onChoose={(on) =>
              setChosen((s) => {
                const next = new Set(s);
                if (on) next.add(c.uidd);
                else next.delete(c.uidd);
                return next;
              })
            }
          />
        ))}
      </ul>
    </section>
  );
}

function CameraLine({
  camera: c,
  entries,
  chosen,
  onChoose,
}: {
  camera: Camera;
  entries: number;
  chosen: boolean;
  onChoose: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const to = useShellPath();
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <input
        type="checkbox"
        className="h-5 w-5"
        aria-label={t('cameraSettings.choose', { camera: c.name })}
        checked={chosen}
        disabled={!can(c, 'cameraSettings')}
        onChange={(e) => onChoose(e.target.checked)}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{c.name}</p>
        <p className="text-sm text-neutral-600">
          {t('cameraSettings.summary', {
            cloud: c.cloudRecordingEnabled ? t('cameraSettings.on') : t('cameraSettings.off'),
            mode: c.romEnabled ? t('cameraSettings.onMotion') : t('cameraSettings.continuous'),
            resolution: c.recordingResolution,
          })}
          {entries > 0 && ` · ${t('cameraSettings.scheduled', { count: entries })}`}
        </p>
      </div>
      <Link
        className={linkClass}
        to={to(paths.cameraSettings(c.uidd))}
        aria-label={t('cameraSettings.open', { camera: c.name })}
      >
        {t('cameraSettings.openShort')}
      </Link>
    </li>
  );
}
