import '../i18n/pickers.texts.ts';
import { DATE_PICKER_POPUP_WIDTH_PX } from '@vigil/contracts';
import { DayPicker } from 'react-day-picker';
import { useTranslation } from '../i18n/use-translation.ts';
import { fillsFourWeeks } from './rules.ts';

export interface CalendarProps {
  /** The month shown: 'YYYY-MM'. */
  month: string;
  onMonth: (month: string) => void;
  isDisabled: (day: string) => boolean;
  isSelected: (day: string) => boolean;
  /** Days between a range's start and end. */
  inRange?: (day: string) => boolean;
  /** The day that takes focus when the calendar opens (the value, or a range's start). */
  focusDay?: string | undefined;
  onPick: (day: string) => void;
}

/** 'YYYY-MM-DD' ↔ a local midnight: the library counts days in the browser's zone; ours are plain days. */
const toDate = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const DAY =
  'h-9 w-full rounded-md hover:bg-neutral-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent';
const NAV =
  'rounded px-2 py-1 hover:bg-neutral-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/**
 * The month grid on react-day-picker (decision 0887): an ARIA grid whose days move with the arrows, Home/End
 * (week), PageUp/PageDown (month; with Shift, year), skipping disabled days. Our rules stay on top: Monday
 * first, 5 or 6 weeks (spec 000 §9: a 4-week February gets 6), which days are disabled, selected or in a
 * range, and what a press does.
 */
export default function CalendarGrid(c: CalendarProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [y, m] = c.month.split('-').map(Number) as [number, number];
  const fmt = (o: Intl.DateTimeFormatOptions) => (d: Date) => new Intl.DateTimeFormat(lang, o).format(d);
  const monthTitle = fmt({ month: 'long', year: 'numeric' });
  const dayName = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const focusDay = c.focusDay ?? c.month.concat('-01');
  return (
    <div
      className="relative rounded-lg border border-neutral-200 bg-white p-3 shadow-lg"
      style={{ width: DATE_PICKER_POPUP_WIDTH_PX }}
    >
      <DayPicker
        mode="single"
        selected={toDate(focusDay)}
        autoFocus
        lang={lang}
        weekStartsOn={1}
        showOutsideDays
        fixedWeeks={fillsFourWeeks(y, m)}
        month={new Date(y, m - 1, 1)}
        onMonthChange={(d) => c.onMonth(toDay(d).slice(0, 7))}
        disabled={(d) => c.isDisabled(toDay(d))}
        modifiers={{
          selected: (d) => c.isSelected(toDay(d)),
          between: (d) => c.inRange?.(toDay(d)) ?? false,
        }}
        onDayClick={(d, mods) => !mods.disabled && c.onPick(toDay(d))}
        formatters={{
          formatCaption: monthTitle,
          formatWeekdayName: fmt({ weekday: 'narrow' }),
        }}
        labels={{
          labelDayButton: (d, mods) => dayName(d) + (mods.selected ? ` (${t('pickers.selected')})` : ''),
          labelGrid: monthTitle,
          labelPrevious: () => t('pickers.previousMonth'),
          labelNext: () => t('pickers.nextMonth'),
          labelNav: () => t('pickers.months'),
        }}
        classNames={{
          root: 'text-sm',
          months: 'relative',
          nav: 'absolute inset-x-0 top-0 flex justify-between',
          button_previous: NAV,
          button_next: NAV,
          chevron: 'h-4 w-4 fill-current',
          month_caption: 'mb-2 flex h-8 items-center justify-center',
          caption_label: 'font-medium',
          month_grid: 'w-full table-fixed text-center',
          weekday: 'pb-1 font-normal text-neutral-500',
          day: 'p-0.5',
          day_button: DAY,
          outside: 'text-neutral-500',
        }}
        modifiersClassNames={{
          selected: '[&>button]:bg-accent [&>button]:font-semibold [&>button]:text-white',
          between: '[&>button]:bg-accent/15',
        }}
      />
    </div>
  );
}
