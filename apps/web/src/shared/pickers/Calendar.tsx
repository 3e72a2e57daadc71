import '../i18n/pickers.texts.ts';
import { DATE_PICKER_POPUP_WIDTH_PX } from '@vigil/contracts';
import { useTranslation } from '../i18n/use-translation.ts';
import { calendarWeeks } from './rules.ts';

export interface CalendarProps {
  /** The month shown: 'YYYY-MM'. */
  month: string;
  onMonth: (month: string) => void;
  isDisabled: (day: string) => boolean;
  isSelected: (day: string) => boolean;
  /** Days between a range's start and end. */
  inRange?: (day: string) => boolean;
  onPick: (day: string) => void;
}

const shiftMonth = (month: string, n: number): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};

/** A month of days, Monday first, 5 or 6 weeks (spec 000 §9); disabled days cannot be picked. */
export function Calendar(c: CalendarProps) {
  const { t, i18n } = useTranslation();
  const [y, m] = c.month.split('-').map(Number) as [number, number];
  const title = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, 1));
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow', timeZone: 'UTC' }).format(
      Date.UTC(2024, 0, 1 + i),
    ),
  );
  return (
    <div
      className="rounded-lg border border-neutral-200 bg-white p-3 shadow-lg"
      style={{ width: DATE_PICKER_POPUP_WIDTH_PX }}
    >
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className="rounded px-2 py-1 hover:bg-neutral-100"
          onClick={() => c.onMonth(shiftMonth(c.month, -1))}
          aria-label={t('pickers.previousMonth')}
        >
          ‹
        </button>
        <span className="font-medium" aria-live="polite">
          {title}
        </span>
        <button
          type="button"
          className="rounded px-2 py-1 hover:bg-neutral-100"
          onClick={() => c.onMonth(shiftMonth(c.month, 1))}
          aria-label={t('pickers.nextMonth')}
        >
          ›
        </button>
      </div>
      <table className="w-full table-fixed text-center text-sm" aria-label={title}>
        <thead>
          <tr>
            {weekdays.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: weekday initials repeat
              <th key={i} scope="col" className="pb-1 font-normal text-neutral-500">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendarWeeks(y, m).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const disabled = c.isDisabled(day);
                const selected = c.isSelected(day);
                const outside = !day.startsWith(c.month);
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      aria-label={day}
                      aria-disabled={disabled}
                      aria-pressed={selected}
                      disabled={disabled}
                      onClick={() => c.onPick(day)}
                      className={`h-9 w-full rounded-md ${selected ? 'bg-accent font-semibold text-white' : c.inRange?.(day) ? 'bg-accent/15' : 'hover:bg-neutral-100'} ${outside ? 'text-neutral-400' : ''} disabled:cursor-not-allowed disabled:text-neutral-300 disabled:hover:bg-transparent`}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
