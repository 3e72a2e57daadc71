import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { inputClass } from '../ui/styles.ts';
import { groupKey } from './filter.ts';
import { useCameraGroups } from './use-camera-groups.ts';

/**
 * "Show: all cameras / one group", the one camera-group filter of every screen that lists or picks cameras
 * (decisions 0404, 0106). `value` is a group key ('' for all); pair it with `findGroup` and `inGroup`. Renders
 * nothing when the user has no groups. `compact`: in a toolbar of filters, the label for screen readers only.
 */
export function CameraGroupFilter({
  value,
  onChange,
  className = '',
  compact = false,
}: {
  value: string;
  onChange: (groupKey: string) => void;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const groups = useCameraGroups();
  const id = useId();
  if (groups.length === 0) return null;
  return (
    <div className={className}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'block text-sm font-medium text-neutral-800'}>
        {t('groups.filterLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={compact ? `${inputClass} mt-0 w-auto py-1.5 text-sm` : inputClass}
      >
        <option value="">{t('groups.allCameras')}</option>
        {groups.map((g) => (
          <option key={groupKey(g)} value={groupKey(g)}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}
