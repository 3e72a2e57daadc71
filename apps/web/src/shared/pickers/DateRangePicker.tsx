import '../i18n/pickers.texts.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { fit, inputClass } from '../ui/styles.ts';
import { Calendar, loadCalendar } from './Calendar.tsx';
import { Popover } from './Popover.tsx';
import { clickRangeDay, type DateRangeOptions, type DateRangeState, isRangeDayDisabled } from './rules.ts';

export interface DateRangePickerProps extends DateRangeOptions {
  label: string;
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
}

/**
 * A range of days (spec 001 §4, §5): each click toggles between choosing the start and the end; while choosing the
 * end, days before the start and beyond maxDateDifference are disabled; 0 picks a single day.
 */
export function DateRangePicker(p: DateRangePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void loadCalendar();
  }, []);
  const [month, setMonth] = useState(p.start.slice(0, 7));
  const [state, setState] = useState<DateRangeState>({ start: p.start, end: p.end, choosing: 'start' });
  const shown = p.start === p.end ? p.start : `${p.start} – ${p.end}`;
  return (
    <div className="relative inline-block">
      <button
        type="button"
        className={`${fit(inputClass)} mt-0 text-left`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setState({ start: p.start, end: p.end, choosing: 'start' });
          setMonth(p.start.slice(0, 7));
          setOpen((o) => !o);
        }}
      >
        <span className="sr-only">{p.label}: </span>
        {shown}
      </button>
      <Popover open={open} onClose={() => setOpen(false)} label={p.label}>
        <div>
          <p className="mb-1 rounded bg-white px-2 py-1 text-xs text-neutral-600 shadow" aria-live="polite">
            {state.choosing === 'start' ? t('pickers.chooseStart') : t('pickers.chooseEnd')}
          </p>
          <Calendar
            month={month}
            onMonth={setMonth}
            focusDay={state.start || undefined}
            isDisabled={(d) => isRangeDayDisabled(d, state, p)}
            isSelected={(d) => d === state.start || d === state.end}
            inRange={(d) => !!state.start && !!state.end && d > state.start && d < state.end}
            onPick={(d) => {
              const next = clickRangeDay(state, d, p);
              setState(next);
              if (next.start && next.end && next.choosing === 'start') {
                p.onChange(next.start, next.end);
                setOpen(false);
              }
            }}
          />
        </div>
      </Popover>
    </div>
  );
}
