import '../i18n/pickers.texts.ts';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { fit, inputClass } from '../ui/styles.ts';
import { blurDuration, checkDuration, type DurationOptions, maxDurationText } from './rules.ts';

export interface DurationInputProps extends DurationOptions {
  label: string;
  value: { hours: string; minutes: string };
  onChange: (v: { hours: string; minutes: string }) => void;
}

/** A duration as hours and minutes typed apart (spec 001 §5); the maximum said in hours or minutes. */
export function DurationInput(p: DurationInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const { error } = checkDuration(p.value, p);
  const max = maxDurationText(p.maxMinutes);
  const maxText = t(`pickers.max_${max.unit}`, { count: max.count });
  const message = error
    ? t(`pickers.duration.${error}`, { max: maxText, min: p.minMinutes ?? 1 })
    : undefined;
  const blur = () => p.onChange(blurDuration(p.value));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-neutral-800">{p.label}</legend>
      <div className="flex items-center gap-2">
        <input
          inputMode="numeric"
          aria-label={t('pickers.hours')}
          value={p.value.hours}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => p.onChange({ ...p.value, hours: e.currentTarget.value.replace(/\D/g, '') })}
          onBlur={blur}
          className={`${fit(inputClass, 'w-16')} mt-0`}
        />
        <span>{t('pickers.h')}</span>
        <input
          inputMode="numeric"
          aria-label={t('pickers.minutes')}
          value={p.value.minutes}
          maxLength={2}
          aria-invalid={message ? true : undefined}
          onChange={(e) => p.onChange({ ...p.value, minutes: e.currentTarget.value.replace(/\D/g, '') })}
          onBlur={blur}
          className={`${fit(inputClass, 'w-16')} mt-0`}
        />
        <span>{t('pickers.min')}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        {t('pickers.upTo', { max: maxText })}
      </p>
      {message && <p className="text-sm text-red-700">{message}</p>}
    </fieldset>
  );
}
