import { NVR_MODES, type NvrMode, type RecordingSettings } from '@vigil/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { inputClass } from '../../../shared/ui/styles.ts';
import { type RecordingChange, useRecordingConfig, useSaveRecording } from '../api/recording-config.ts';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/** A control that saves as soon as it changes: it submits its form (the demo shell turns submits into its modal). */
const submitOnChange = (e: { currentTarget: { form: HTMLFormElement | null } }) =>
  e.currentTarget.form?.requestSubmit();

/**
 * Cloud recording, continuous or on motion, recording resolution (spec 001 §7 Configuration): each saved on its own
 * call as it changes; a refusal (licence, no stream at that resolution) shows the server's `err` and puts the
 * control back.
 */
export function RecordingSection({ uidd, canChange }: { uidd: string; canChange: boolean }) {
  const { t } = useTranslation();
  const config = useRecordingConfig(uidd);
  return (
    <Section title={t('cameraSettings.recording')}>
      {config.isPending ? (
        <p className="text-neutral-600">{t('app.loading')}</p>
      ) : config.isError ? (
        <FormError message={config.error.message} />
      ) : (
        <RecordingForms uidd={uidd} settings={config.data.settings} canChange={canChange} />
      )}
    </Section>
  );
}

function RecordingForms({
  uidd,
  settings,
  canChange,
}: {
  uidd: string;
  settings: RecordingSettings;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveRecording();
  const feedback = useFeedback();
  const cloudId = useId();
  const modeId = useId();
  // What the controls show while a change is on its way; the saved settings otherwise.
  const [draft, setDraft] = useState<Partial<RecordingSettings>>({});
  const shown = { ...settings, ...draft };
  // The change is read from the form as submitted: the control's new value, before React renders it.
  const submit =
    (change: (v: HTMLInputElement & HTMLSelectElement) => RecordingChange) =>
    (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const v = e.currentTarget.elements.namedItem('v') as HTMLInputElement & HTMLSelectElement;
      const c = change(v);
      void feedback.run(() => save.mutateAsync(c)).then(() => setDraft({}));
    };
  const disabled = !canChange || save.isPending;
  return (
    <>
      <form onSubmit={submit((v) => ({ uidd, cloudRecordingEnabled: v.checked }))}>
        <label htmlFor={cloudId} className="flex items-center gap-2 text-sm font-medium">
          <input
            id={cloudId}
            name="v"
            type="checkbox"
            className="h-5 w-5"
            checked={shown.cloudRecordingEnabled}
            disabled={disabled}
            onChange={(e) => {
              setDraft({ cloudRecordingEnabled: e.target.checked });
              submitOnChange(e);
            }}
          />
          {t('cameraSettings.cloudRecording')}
        </label>
      </form>
      <form onSubmit={submit((v) => ({ uidd, mode: v.value as RecordingSettings['mode'] }))}>
        <label htmlFor={modeId} className="text-sm font-medium">
          {t('cameraSettings.mode')}
        </label>
        <select
          id={modeId}
          name="v"
          className={inputClass}
          value={shown.mode}
          disabled={disabled}
          onChange={(e) => {
            setDraft({ mode: e.target.value as RecordingSettings['mode'] });
            submitOnChange(e);
          }}
        >
          <option value="continuous">{t('cameraSettings.continuous')}</option>
          <option value="rom">{t('cameraSettings.onMotion')}</option>
        </select>
      </form>
      <ResolutionForm
        settings={settings}
        shown={shown.nvrmode}
        disabled={disabled}
        onSubmit={submit((v) => ({ uidd, nvrmode: Number(v.value) as NvrMode }))}
        onPick={(nvrmode) => setDraft({ nvrmode })}
      />
      <StatusMessage message={feedback.saved} />
      <FormError message={feedback.error} />
    </>
  );
}

/** The recording resolution (nvrmode codes SD=1, 2MP=0, 4MP=3, 8MP=2) and what is recorded now. */
function ResolutionForm({
  settings,
  shown,
  disabled,
  onSubmit,
  onPick,
}: {
  settings: RecordingSettings;
  shown: NvrMode | null;
  disabled: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onPick: (nvrmode: NvrMode) => void;
}) {
  const { t } = useTranslation();
  const nvrId = useId();
  return (
    <form onSubmit={onSubmit}>
      <label htmlFor={nvrId} className="text-sm font-medium">
        {t('cameraSettings.resolution')}
      </label>
      <select
        id={nvrId}
        name="v"
        className={inputClass}
        value={shown === null ? '' : String(shown)}
        disabled={disabled}
        aria-describedby={`${nvrId}-now`}
        onChange={(e) => {
          onPick(Number(e.target.value) as NvrMode);
          submitOnChange(e);
        }}
      >
        {shown === null && <option value="">{t('cameraSettings.cameraChoice')}</option>}
        {Object.entries(NVR_MODES).map(([name, code]) => (
          <option key={code} value={String(code)}>
            {name}
          </option>
        ))}
      </select>
      <p id={`${nvrId}-now`} className="mt-1 text-sm text-neutral-600">
        {t('cameraSettings.recordsNow', {
          resolution: settings.recordingResolution,
          stream: t(`cameraSettings.stream.${settings.recordedStream}`),
        })}
      </p>
    </form>
  );
}
