import type { ScheduleItem } from '@vigil/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import { useSaveWeek } from '../api/schedules.ts';
import { entriesOf, gridOf, type WeekGrid } from '../week-grid.ts';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * The week of recording, hour by hour, in the camera's zone: press on an hour and drag across others to paint them
 * the opposite of where the press began (on or off); each hour is also a toggle button for the keyboard. Saving
 * replaces the recording entries with the week's change points (decision 0702).
 */
export function WeekGridEditor({
  uidd,
  entries,
  canChange,
}: {
  uidd: string;
  entries: ScheduleItem[];
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const saved = useMemo(() => gridOf(entries.filter((e) => e.category === 'recording')), [entries]);
  const [grid, setGrid] = useState<WeekGrid | null>(null);
  const shown = grid ?? saved;
  const paint = useRef<boolean | null>(null);
  const save = useSaveWeek();
  const feedback = useFeedback();
  const set = (d: number, h: number, on: boolean) =>
    setGrid((g) => (g ?? saved).map((row, i) => (i === d ? row.map((v, j) => (j === h ? on : v)) : row)));
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void feedback
          .run(() => save.mutateAsync({ uidd, current: entries, next: entriesOf(shown) }))
          .then((ok) => ok && setGrid(null));
      }}
    >
      <p className="text-sm text-neutral-600">{t('cameraSettings.weekHelp')}</p>
      <div
        className="overflow-x-auto"
        onPointerUp={() => (paint.current = null)}
        onPointerLeave={() => (paint.current = null)}
      >
        <table className="border-separate border-spacing-px text-xs" aria-label={t('cameraSettings.week')}>
          <tbody>
            {shown.map((row, d) => (
              <tr key={t(`cameraSettings.days.${d}`)}>
                <th scope="row" className="pr-2 text-left font-medium">
                  {t(`cameraSettings.days.${d}`)}
                </th>
                {HOURS.map((h) => (
                  <td key={h} className="p-0">
                    <HourCell
                      day={d}
                      hour={h}
                      on={row[h] ?? true}
                      disabled={!canChange}
                      onPress={(on) => {
                        paint.current = on;
                        set(d, h, on);
                      }}
                      onEnter={() => paint.current !== null && set(d, h, paint.current)}
                      onToggle={(on) => set(d, h, on)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="submit"
        className={fit(primaryButton)}
        disabled={!canChange || grid === null || save.isPending}
      >
        {t('cameraSettings.saveWeek')}
      </button>
      <StatusMessage message={feedback.saved} />
      <FormError message={feedback.error} />
    </form>
  );
}

/** One hour of the week: a toggle button that starts or continues a paint stroke. */
function HourCell(p: {
  day: number;
  hour: number;
  on: boolean;
  disabled: boolean;
  onPress: (on: boolean) => void;
  onEnter: () => void;
  /** From the keyboard: this hour only, no stroke. */
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      disabled={p.disabled}
      aria-pressed={p.on}
      aria-label={t('cameraSettings.hour', {
        day: t(`cameraSettings.days.${p.day}`),
        hour: `${String(p.hour).padStart(2, '0')}:00`,
      })}
      className={`block h-6 w-4 touch-none ${p.on ? 'bg-accent' : 'bg-neutral-200'}`}
      onPointerDown={(e) => {
        // Touch captures the pointer on the pressed button: released, the stroke reaches the others.
        e.currentTarget.releasePointerCapture(e.pointerId);
        p.onPress(!p.on);
      }}
      onPointerEnter={p.onEnter}
      onKeyDown={(e) => {
        if (e.key === ' ' || e.key === 'Enter') {
          e.preventDefault();
          p.onToggle(!p.on);
        }
      }}
    />
  );
}
