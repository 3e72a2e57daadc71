import '../i18n/pickers.texts.ts';
import { DEFAULT_TIME_RANGE } from '@vigil/contracts';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { fit, inputClass } from '../ui/styles.ts';
import { maxDurationText, type TimeRangeResult, timeRange } from './rules.ts';

export interface TimeRangePickerProps {
  label: string;
  tz: string;
  day: string;
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
  minMs?: number | undefined;
  maxMs?: number | undefined;
  maxMinutes?: number | undefined;
}

/** The range as instants, with its errors (an invalid range blocks submit). */
export const timeRangeOf = (p: TimeRangePickerProps): TimeRangeResult =>
  timeRange({ day: p.day, start: p.start, end: p.end }, p);

/**
 * Start and end times on a day (spec 001 §5): an end at or before the start is on the next day; cleared fields
 * take 00:00 and 23:59; outside min/max or longer than the maximum is invalid.
 */
export function TimeRangePicker(p: TimeRangePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const r = timeRangeOf(p);
  const messages = r.errors.map((e) =>
    e === 'tooLong' && p.maxMinutes !== undefined
      ? t('pickers.errors.tooLong', {
          max: t(`pickers.max_${maxDurationText(p.maxMinutes).unit}`, {
            count: maxDurationText(p.maxMinutes).count,
          }),
        })
      : t(`pickers.errors.${e}`),
  );
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-neutral-800">{p.label}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="time"
          aria-label={t('pickers.startTime')}
          value={p.start}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={messages.length ? `${id}-error` : undefined}
          onChange={(e) => p.onChange(e.currentTarget.value, p.end)}
          onBlur={(e) => !e.currentTarget.value && p.onChange(DEFAULT_TIME_RANGE.start, p.end)}
          className={`${fit(inputClass, 'w-32')} mt-0`}
        />
        <span aria-hidden="true">–</span>
        <input
          type="time"
          aria-label={t('pickers.endTime')}
          value={p.end}
          aria-invalid={messages.length > 0 || undefined}
          onChange={(e) => p.onChange(p.start, e.currentTarget.value)}
          onBlur={(e) => !e.currentTarget.value && p.onChange(p.start, DEFAULT_TIME_RANGE.end)}
          className={`${fit(inputClass, 'w-32')} mt-0`}
        />
        {r.rolled && <span className="text-sm text-neutral-600">{t('pickers.nextDay')}</span>}
      </div>
      {messages.length > 0 && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {messages.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
