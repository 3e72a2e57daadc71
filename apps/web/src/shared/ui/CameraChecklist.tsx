import { useState } from 'react';
import { CameraGroupFilter } from '../camera-groups/CameraGroupFilter.tsx';
import { findGroup, inGroup } from '../camera-groups/filter.ts';
import { useCameraGroups } from '../camera-groups/use-camera-groups.ts';
import type { CameraSummary } from '../cameras/list-cameras.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { smallButton } from './styles.ts';

/**
 * Picks cameras from a list: one checkbox each, narrowed by a camera group (groups are filters wherever cameras
 * are picked), with "select all shown" and "clear shown". Selected cameras hidden by the filter stay selected.
 */
export function CameraChecklist({
  legend,
  cameras,
  selected,
  onChange,
}: {
  legend: string;
  cameras: readonly CameraSummary[];
  selected: readonly string[];
  onChange: (uidds: string[]) => void;
}) {
  const { t } = useTranslation();
  const groups = useCameraGroups();
  const [groupKey, setGroupKey] = useState('');
  const shown = inGroup(cameras, findGroup(groups, groupKey));
  const chosen = new Set(selected);
  const set = (uidds: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const u of uidds) {
      if (on) next.add(u);
      else next.delete(u);
    }
    onChange([...next]);
  };
  return (
    <fieldset className="rounded-lg border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium text-neutral-800">{legend}</legend>
      <p className="text-sm text-neutral-600" aria-live="polite">
        {t('cameraPicker.selectedCount', { count: chosen.size, total: cameras.length })}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <CameraGroupFilter value={groupKey} onChange={setGroupKey} className="sm:min-w-[12rem] sm:flex-1" />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={smallButton}
            disabled={shown.length === 0}
            onClick={() =>
              set(
                shown.map((c) => c.uidd),
                true,
              )
            }
          >
            {t('cameraPicker.selectShown')}
          </button>
          <button
            type="button"
            className={smallButton}
            disabled={shown.length === 0}
            onClick={() =>
              set(
                shown.map((c) => c.uidd),
                false,
              )
            }
          >
            {t('cameraPicker.clearShown')}
          </button>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-600">
          {cameras.length === 0 ? t('cameraPicker.none') : t('cameraPicker.noneInGroup')}
        </p>
      ) : (
        <ul className="mt-3 grid max-h-72 gap-1 overflow-y-auto sm:grid-cols-2">
          {shown.map((c) => (
            <li key={c.uidd}>
              <label className="flex min-h-11 items-center gap-3 rounded-md px-2 py-1 hover:bg-neutral-50">
                <input
                  type="checkbox"
                  checked={chosen.has(c.uidd)}
                  onChange={(e) => set([c.uidd], e.target.checked)}
                  className="h-5 w-5 shrink-0 accent-[var(--color-accent)]"
                />
                <span className="min-w-0 break-words">{c.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
