import type { ScheduleAction, ScheduleCategory, ScheduleItem } from '@vigil/contracts';
import { type FormEvent, useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, inputClass, primaryButton, smallButton } from '../../../shared/ui/styles.ts';
import { useEditSchedule, useSchedule } from '../api/schedules.ts';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import { WeekGridEditor } from './WeekGridEditor.tsx';
import '../../../shared/i18n/settings.texts.ts';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * The camera's weekly schedule (spec 001 §7 Schedules): entries "at this time on these days, turn recording or
 * notifications on or off", in the camera's own time zone; each listed with a remove button.
 */
export function ScheduleSection({
  uidd,
  timeZone,
  canChange,
}: {
  uidd: string;
  timeZone: string;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const schedule = useSchedule(uidd);
  const edit = useEditSchedule();
  const feedback = useFeedback();
  const timeId = useId();
  const onAdd = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const days = data.getAll('day').map(Number);
    void feedback.run(() =>
      edit.mutateAsync({
        uidd,
        category: data.get('category') as ScheduleCategory,
        localTime: data.get('time') as string,
        action: data.get('action') as ScheduleAction,
        daysOfWeek: days,
      }),
    );
  };
  const remove = (e: ScheduleItem) =>
    void feedback.run(() =>
      edit.mutateAsync({ uidd, category: e.category, localTime: e.local_time, daysOfWeek: [e.day_of_week] }),
    );
  const entries = schedule.data?.result ?? [];
  return (
    <Section title={t('cameraSettings.schedule')}>
      <p className="text-sm text-neutral-600">{t('cameraSettings.scheduleZone', { zone: timeZone })}</p>
      <WeekGridEditor uidd={uidd} entries={entries} canChange={canChange} />
      <ScheduleEntries entries={entries} canChange={canChange} onRemove={remove} />
      <form className="space-y-2" onSubmit={onAdd}>
        <DayPicker disabled={!canChange} />
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <label htmlFor={timeId} className="text-sm font-medium">
            {t('cameraSettings.time')}
            <input
              id={timeId}
              name="time"
              type="time"
              required
              className={inputClass}
              disabled={!canChange}
            />
          </label>
          <label className="text-sm font-medium">
            {t('cameraSettings.category')}
            <select name="category" className={inputClass} disabled={!canChange}>
              <option value="recording">{t('cameraSettings.categories.recording')}</option>
              <option value="notifications">{t('cameraSettings.categories.notifications')}</option>
            </select>
          </label>
          <label className="text-sm font-medium">
            {t('cameraSettings.action')}
            <select name="action" className={inputClass} disabled={!canChange}>
              <option value="off">{t('cameraSettings.actions.off')}</option>
              <option value="on">{t('cameraSettings.actions.on')}</option>
            </select>
          </label>
        </div>
        <button type="submit" className={fit(primaryButton)} disabled={!canChange || edit.isPending}>
          {t('cameraSettings.addEntry')}
        </button>
        <StatusMessage message={feedback.saved} />
        <FormError message={feedback.error} />
      </form>
    </Section>
  );
}

function ScheduleEntries({
  entries,
  canChange,
  onRemove,
}: {
  entries: ScheduleItem[];
  canChange: boolean;
  onRemove: (e: ScheduleItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('cameraSettings.scheduleEntries')} className="divide-y divide-neutral-200">
      {entries.length === 0 && (
        <li className="py-2 text-sm text-neutral-600">{t('cameraSettings.noEntries')}</li>
      )}
      {entries.map((e) => (
        <li
          key={`${e.category}${e.day_of_week}${e.local_time}`}
          className="flex items-center justify-between gap-2 py-2 text-sm"
        >
          <span>
            {t('cameraSettings.entry', {
              day: t(`cameraSettings.days.${e.day_of_week}`),
              time: e.local_time,
              category: t(`cameraSettings.categories.${e.category}`),
              action: t(`cameraSettings.actions.${e.action}`),
            })}
          </span>
          <button type="button" className={smallButton} disabled={!canChange} onClick={() => onRemove(e)}>
            {t('cameraSettings.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The days of an entry: a checkbox each, named `day` in the form. */
export function DayPicker({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-2" disabled={disabled}>
      <legend className="text-sm font-medium">{t('cameraSettings.daysLabel')}</legend>
      {DAYS.map((d) => (
        <label
          key={d}
          className="flex min-h-11 items-center gap-1 rounded-md border border-neutral-300 px-2 text-sm"
        >
          <input type="checkbox" name="day" value={d} />
          {t(`cameraSettings.days.${d}`)}
        </label>
      ))}
    </fieldset>
  );
}
