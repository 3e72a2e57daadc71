import '../i18n/pickers.texts.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { fit, inputClass } from '../ui/styles.ts';
import { Calendar, loadCalendar } from './Calendar.tsx';
import { Popover } from './Popover.tsx';
import { type DayLimits, isDayDisabled } from './rules.ts';

export interface DatePickerProps extends DayLimits {
  label: string;
  value: string;
  onChange: (day: string) => void;
}

/** One day (spec 001 §2): a button that opens a calendar; days outside min/max or disabled cannot be picked. */
export function DatePicker(p: DatePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void loadCalendar();
  }, []);
  const [month, setMonth] = useState(p.value.slice(0, 7));
  return (
    <div className="relative inline-block">
      <button
        type="button"
        className={`${fit(inputClass)} mt-0 text-left`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setMonth(p.value.slice(0, 7));
          setOpen((o) => !o);
        }}
      >
        <span className="sr-only">{p.label}: </span>
        {p.value || t('pickers.pickDay')}
      </button>
      <Popover open={open} onClose={() => setOpen(false)} label={p.label}>
        <Calendar
          month={month}
          onMonth={setMonth}
          focusDay={p.value || undefined}
          isDisabled={(d) => isDayDisabled(d, p)}
          isSelected={(d) => d === p.value}
          onPick={(d) => {
            p.onChange(d);
            setOpen(false);
          }}
        />
      </Popover>
    </div>
  );
}
