import type { StreamEncoder } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Field } from '../../../shared/ui/Field.tsx';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { SelectField } from '../../../shared/ui/SelectField.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import {
  changesOf,
  type EncoderField,
  type EncoderProblem,
  type EncoderValues,
  encoderProblems,
  sizeText,
  valuesOf,
} from '../encoder-form.ts';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

export type EncoderChanges = ReturnType<typeof changesOf>;

/** The form's state: values typed, problems shown once saving was asked, the save itself. */
function useEncoderForm(e: StreamEncoder, onSave: (changes: EncoderChanges) => Promise<unknown>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<EncoderValues>(() => valuesOf(e));
  const [shown, setShown] = useState<Partial<Record<EncoderField, EncoderProblem>>>({});
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  const [note, setNote] = useState<string>();
  const fix = Object.keys(shown).length > 0 ? t('encoders.fix') : undefined;
  return {
    values,
    busy,
    note: note ?? feedback.saved,
    feedback: { error: fix ?? feedback.error },
    set: (patch: Partial<EncoderValues>) => setValues((v) => ({ ...v, ...patch })),
    problem: (f: EncoderField) => {
      const p = shown[f];
      return p ? t(`encoders.problems.${p.key}`, { min: p.min, max: p.max }) : undefined;
    },
    save: async () => {
      const problems = encoderProblems(values, e);
      setShown(problems);
      setNote(undefined);
      if (Object.keys(problems).length > 0) return;
      const changes = changesOf(values, e);
      if (Object.keys(changes).length === 0) return setNote(t('encoders.nothing'));
      setBusy(true);
      await feedback.run(() => onSave(changes)).finally(() => setBusy(false));
    },
  };
}

/**
 * One stream's encoder (decision 0852): codec as the camera reports it, its size among those it offers, frame rate,
 * bit rate and key-frame interval within its ranges. Checked here before sending; the camera's own refusal is
 * shown in its words. While saving, the button says the camera restarts the stream.
 */
export function EncoderForm(props: {
  stream: 'main' | 'sd';
  encoder: StreamEncoder;
  canChange: boolean;
  onSave: (changes: EncoderChanges) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const e = props.encoder;
  const { values, set, problem, busy, save, note, feedback } = useEncoderForm(e, props.onSave);
  const legendId = useId();
  const streamName = t(`cameraSettings.stream.${props.stream}`);
  const sizes = e.resolutions.some((r) => sizeText(r) === sizeText(e))
    ? e.resolutions
    : [e, ...e.resolutions];
  const disabled = !props.canChange || busy;
  return (
    <fieldset aria-labelledby={legendId} className="space-y-3 rounded-lg border border-neutral-200 p-3">
      <legend id={legendId} className="px-1 text-sm font-semibold">
        {t(`encoders.stream.${props.stream}`)}
      </legend>
      <p className="text-sm">
        <span className="font-medium">{t('encoders.codec')}:</span> {e.encoding.toUpperCase()}
      </p>
      <SelectField
        label={t('encoders.resolution')}
        value={values.resolution}
        disabled={disabled}
        onChange={(ev) => set({ resolution: ev.target.value })}
      >
        {sizes.map((r) => (
          <option key={sizeText(r)} value={sizeText(r)}>
            {`${r.width} × ${r.height}`}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField
          label={t('encoders.frameRate')}
          value={values.frameRate}
          range={e.frameRateRange}
          error={problem('frameRate')}
          disabled={disabled}
          onChange={(frameRate) => set({ frameRate })}
        />
        <NumberField
          label={t('encoders.bitrate')}
          value={values.bitrateKbps}
          range={e.bitrateKbpsRange}
          error={problem('bitrateKbps')}
          disabled={disabled}
          onChange={(bitrateKbps) => set({ bitrateKbps })}
        />
        {e.gopFrames !== null && (
          <NumberField
            label={t('encoders.gop')}
            value={values.gopFrames}
            range={e.gopFramesRange}
            error={problem('gopFrames')}
            disabled={disabled}
            onChange={(gopFrames) => set({ gopFrames })}
          />
        )}
      </div>
      {props.canChange && (
        <button
          type="button"
          className={fit(primaryButton, 'w-full sm:w-auto')}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void save()}
        >
          {busy ? t('encoders.saving') : t('encoders.save', { stream: streamName })}
        </button>
      )}
      <StatusMessage message={note} />
      <FormError message={feedback.error} />
    </fieldset>
  );
}

/** A whole-number field with the camera's range under it. */
function NumberField(props: {
  label: string;
  value: string;
  range: { min: number; max: number } | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const r = props.range;
  return (
    <Field
      label={props.label}
      type="number"
      inputMode="numeric"
      value={props.value}
      disabled={props.disabled}
      error={props.error}
      hint={r ? <p className="mt-1 text-sm text-neutral-600">{t('encoders.range', r)}</p> : undefined}
      onChange={(ev) => props.onChange(ev.target.value)}
    />
  );
}
