import '../i18n/pickers.texts.ts';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { at, dayOf, timeOf } from '../time/zoned.ts';
import { fit, inputClass } from '../ui/styles.ts';
import { DatePicker } from './DatePicker.tsx';
import { checkDateTime, type DateTimeError, isTime } from './rules.ts';

export interface DateTimePickerProps {
  label: string;
  tz: string;
  valueMs: number | undefined;
  onChange: (ms: number | undefined) => void;
  minMs?: number | undefined;
  maxMs?: number | undefined;
  /** Shown instead of the picker's own check (a range's end before its start). */
  error?: DateTimeError | undefined;
}

/** The message of a date-time error (spec 001 §5). */
export function useDateTimeErrorText(tz: string) {
  const { t } = useTranslation();
  return (e: DateTimeError | undefined): string | undefined => {
    if (!e) return undefined;
    if (e.kind === 'empty') return t('pickers.timeRequired');
    if (e.kind === 'startNotBeforeEnd') return t('pickers.endAfterStart');
    const date = `${dayOf(e.limitMs, tz)} ${timeOf(e.limitMs, tz)}`;
    return e.kind === 'mustBeAfter'
      ? t('pickers.mustBeAfter', { date })
      : t('pickers.mustBeBefore', { date });
  };
}

/** A day and a time in a time zone; the time must be within min and max, and may not be empty. */
export function DateTimePicker(p: DateTimePickerProps) {
  const id = useId();
  const [day, setDay] = useState(() => dayOf(p.valueMs ?? Date.now(), p.tz));
  const [time, setTime] = useState(() => (p.valueMs === undefined ? '' : timeOf(p.valueMs, p.tz)));
  const errorText = useDateTimeErrorText(p.tz);
  const emit = (d: string, tm: string) => p.onChange(isTime(tm) ? at(d, tm, p.tz) : undefined);
  const error = p.error ?? checkDateTime(isTime(time) ? at(day, time, p.tz) : undefined, p);
  const message = errorText(error);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-neutral-800">{p.label}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <DatePicker
          label={p.label}
          value={day}
          min={p.minMs === undefined ? undefined : dayOf(p.minMs, p.tz)}
          max={p.maxMs === undefined ? undefined : dayOf(p.maxMs, p.tz)}
          onChange={(d) => {
            setDay(d);
            emit(d, time);
          }}
        />
        <input
          id={id}
          type="time"
          aria-label={`${p.label} (time)`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          value={time}
          onChange={(e) => {
            setTime(e.currentTarget.value);
            emit(day, e.currentTarget.value);
          }}
          className={`${fit(inputClass, 'w-32')} mt-0`}
        />
      </div>
      {message && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {message}
        </p>
      )}
    </fieldset>
  );
}
