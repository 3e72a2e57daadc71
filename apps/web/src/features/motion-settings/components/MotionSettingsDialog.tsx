import '../../../shared/i18n/events.texts.ts';
import '../../../shared/i18n/motion.texts.ts';
import { MOTION_SENSITIVITY_MAX, MOTION_SENSITIVITY_MIN, type MotionSettings } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ModalFrame, ModalTitle } from '../../../shared/ui/ModalFrame.tsx';
import {
  useAnalytics,
  useBackdrop,
  useMotionConfig,
  useSaveAnalytics,
  useSaveMotionConfig,
} from '../api/motion-config.ts';
import { type DraftZone, newZoneId, toZones, zonesProblem } from '../zones.ts';
import { ZoneEditor } from './ZoneEditor.tsx';

const clampSensitivity = (v: number) =>
  Math.min(MOTION_SENSITIVITY_MAX, Math.max(MOTION_SENSITIVITY_MIN, Math.round(v) || MOTION_SENSITIVITY_MIN));

/** A camera's motion settings: sensitivity 1..10, detection zones over a still, record on motion. */
export function MotionSettingsDialog({
  uidd,
  name,
  onClose,
}: {
  uidd: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const config = useMotionConfig(uidd);
  const analytics = useAnalytics(uidd);
  return (
    // The form loads after opening: focus starts on the dialog itself.
    <ModalFrame
      title={<ModalTitle className="text-lg font-semibold">{t('motion.title', { camera: name })}</ModalTitle>}
      onClose={onClose}
      focus="dialog"
      className="max-h-full w-full max-w-[700px] overflow-y-auto rounded-xl bg-white p-5 text-left shadow-xl"
    >
      {config.isPending || analytics.isPending ? (
        <p className="mt-4 text-neutral-600">{t('app.loading')}</p>
      ) : config.isError ? (
        <p className="mt-4 text-red-600">{config.error.message}</p>
      ) : (
        <MotionSettingsForm
          uidd={uidd}
          initial={config.data.settings}
          initialAnalytics={analytics.data ?? false}
          onDone={onClose}
        />
      )}
    </ModalFrame>
  );
}

/** The form, started from the saved settings. */
function MotionSettingsForm({
  uidd,
  initial,
  initialAnalytics,
  onDone,
}: {
  uidd: string;
  initial: MotionSettings;
  initialAnalytics: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const backdrop = useBackdrop(uidd);
  const save = useSaveMotionConfig();
  const saveAnalytics = useSaveAnalytics();
  const [analytics, setAnalytics] = useState(initialAnalytics);
  const [sensitivity, setSensitivity] = useState(initial.sensitivity);
  const [rom, setRom] = useState(initial.rom);
  const [zones, setZones] = useState<DraftZone[]>(() =>
    initial.zones.map((z) => ({ id: newZoneId(), name: z.name, points: z.points })),
  );
  const problem = zonesProblem(zones);
  const onClose = onDone;
  const step = 'h-8 w-8 rounded-md border border-neutral-300 text-lg leading-none disabled:opacity-40';
  return (
    <form
      className="mt-4 flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem) return;
        save.mutate(
          { uidd: uidd as never, settings: { sensitivity, rom, zones: toZones(zones) } },
          {
            // The labels switch is its own call (its own right): made once the motion settings are saved.
            onSuccess: () =>
              analytics === initialAnalytics
                ? onClose()
                : saveAnalytics.mutate({ uidd, enabled: analytics }, { onSuccess: onClose }),
          },
        );
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium">{t('motion.sensitivity')}</legend>
        <div className="mt-1 flex items-center gap-2">
          <button
            type="button"
            className={step}
            aria-label={t('motion.less')}
            disabled={sensitivity <= MOTION_SENSITIVITY_MIN}
            onClick={() => setSensitivity((s) => clampSensitivity(s - 1))}
          >
            −
          </button>
          <input
            type="number"
            aria-label={t('motion.sensitivity')}
            min={MOTION_SENSITIVITY_MIN}
            max={MOTION_SENSITIVITY_MAX}
            value={sensitivity}
            onChange={(e) => setSensitivity(clampSensitivity(Number(e.target.value)))}
            className="w-16 rounded border border-neutral-300 px-2 py-1 text-center"
          />
          <button
            type="button"
            className={step}
            aria-label={t('motion.more')}
            disabled={sensitivity >= MOTION_SENSITIVITY_MAX}
            onClick={() => setSensitivity((s) => clampSensitivity(s + 1))}
          >
            +
          </button>
          <span className="text-sm text-neutral-600">{t('motion.sensitivityHint')}</span>
        </div>
      </fieldset>
      <div>
        <span className="text-sm font-medium">{t('motion.zones')}</span>
        <p className="text-sm text-neutral-600">{t('motion.zonesHint')}</p>
        <ZoneEditor
          backdrop={backdrop.isPending ? undefined : (backdrop.data ?? null)}
          zones={zones}
          onChange={setZones}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={rom} onChange={(e) => setRom(e.target.checked)} />
        {t('motion.rom')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
        {t('motion.analytics')}
      </label>
      {(problem || save.isError || saveAnalytics.isError) && (
        <p className="text-sm text-red-600" role="alert">
          {problem ? t(problem) : (save.error?.message ?? saveAnalytics.error?.message)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm"
        >
          {t('events.cancel')}
        </button>
        <button
          type="submit"
          disabled={Boolean(problem) || save.isPending || saveAnalytics.isPending}
          className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
        >
          {t('motion.save')}
        </button>
      </div>
    </form>
  );
}
