import '../../../shared/i18n/events.texts.ts';
import { findGroup, groupKey, inGroup } from '../../../shared/camera-groups/filter.ts';
import { useCameraGroups } from '../../../shared/camera-groups/use-camera-groups.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { OptionsList } from '../../../shared/ui/options-list/OptionsList.tsx';
import type { PickerOption } from '../../../shared/ui/options-list/options-list.ts';
import { EVENTS_MAX_CAMERAS, normaliseRange } from '../model.ts';

export interface FilterState {
  cameras: Set<string>;
  from: string;
  to: string;
  label: string | undefined;
  tags: Set<string>;
}

/** The session's camera groups as picker groups, each expanding to its cameras among those offered. */
function useGroupOptions(cameras: readonly PickerOption[]) {
  const cameraGroups = useCameraGroups();
  const groups = cameraGroups.map((g) => ({ id: groupKey(g), name: g.name }));
  const loadGroup = async (id: string): Promise<PickerOption[]> => {
    const group = findGroup(cameraGroups, id);
    // A group gone meanwhile offers no cameras (inGroup without a group would give them all).
    if (!group) return [];
    return inGroup(
      cameras.map((o) => ({ uidd: o.key, o })),
      group,
    ).map((c) => c.o);
  };
  return { groups, loadGroup };
}

/**
 * Cameras (with the session's camera groups, each expanding to its cameras among those offered: the shared group
 * filter, decision 0404), date range, recognition labels with counts, tags.
 */
export function EventFilters({
  value,
  onChange,
  cameras,
  labels,
  tags,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  cameras: readonly PickerOption[];
  labels: readonly { label: string; count: number }[];
  tags: readonly string[];
}) {
  const { t } = useTranslation();
  const { groups, loadGroup } = useGroupOptions(cameras);
  const date = 'mt-1 w-full rounded border border-neutral-300 px-2 py-1 text-sm';
  return (
    <div className="flex flex-col gap-3" data-testid="event-filters">
      <OptionsList
        label={t('events.cameras')}
        options={cameras}
        groups={groups}
        loadGroup={loadGroup}
        selected={value.cameras}
        max={EVENTS_MAX_CAMERAS}
        onChange={(next) => onChange({ ...value, cameras: next })}
      />
      <fieldset className="rounded-lg border border-neutral-200 bg-white p-2">
        <legend className="px-1 text-sm font-medium">{t('events.dates')}</legend>
        <label className="block text-sm">
          {t('events.from')}
          <input
            type="date"
            className={date}
            value={value.from}
            max={value.to}
            onChange={(e) =>
              e.target.value && onChange({ ...value, ...normaliseRange(e.target.value, value.to) })
            }
          />
        </label>
        <label className="mt-2 block text-sm">
          {t('events.to')}
          <input
            type="date"
            className={date}
            value={value.to}
            onChange={(e) =>
              e.target.value && onChange({ ...value, ...normaliseRange(value.from, e.target.value) })
            }
          />
        </label>
      </fieldset>
      {labels.length > 0 && (
        <OptionsList
          label={t('events.labels')}
          multi={false}
          options={labels.map((l) => ({ key: l.label, label: l.label, count: l.count }))}
          selected={new Set(value.label ? [value.label] : [])}
          onChange={(next) => onChange({ ...value, label: [...next][0] })}
        />
      )}
      {tags.length > 0 && (
        <OptionsList
          label={t('events.tags')}
          options={tags.map((tag) => ({ key: tag, label: tag }))}
          selected={value.tags}
          onChange={(next) => onChange({ ...value, tags: next })}
        />
      )}
    </div>
  );
}
