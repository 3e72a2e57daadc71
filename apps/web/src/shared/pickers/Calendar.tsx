import { DATE_PICKER_POPUP_WIDTH_PX } from '@vigil/contracts';
import { lazy, Suspense } from 'react';
import type { CalendarProps } from './CalendarGrid.tsx';

// The library (react-day-picker and the date-fns it counts with) is in no page's first load (decision 0887): a
// picker starts the import when it mounts, so it is there by the time its button is pressed.
export const loadCalendar = () => import('./CalendarGrid.tsx');
const CalendarGrid = lazy(loadCalendar);

/** A month of days, Monday first, 5 or 6 weeks (spec 000 §9); disabled days cannot be picked. */
export function Calendar(c: CalendarProps) {
  return (
    <Suspense
      fallback={
        <div
          className="h-80 rounded-lg border border-neutral-200 bg-white shadow-lg"
          style={{ width: DATE_PICKER_POPUP_WIDTH_PX }}
        />
      }
    >
      <CalendarGrid {...c} />
    </Suspense>
  );
}
