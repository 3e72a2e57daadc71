import '../../../shared/i18n/cameras.texts.ts';
import type { Camera } from '@vigil/contracts';
import { CameraGroupFilter } from '../../../shared/camera-groups/CameraGroupFilter.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { inputClass } from '../../../shared/ui/styles.ts';
import type { GridPrefs, NavigatorFilters } from '../view-prefs.ts';

/**
 * The camera navigator's filters (the camera-group one is the shared filter, decision 0404) and the view switches;
 * every change is stored locally by the page.
 */
export function CameraFilters({
  cameras,
  filters,
  grid,
  onFilters,
  onGrid,
}: {
  cameras: readonly Camera[];
  filters: NavigatorFilters;
  grid: GridPrefs;
  onFilters: (f: NavigatorFilters) => void;
  onGrid: (g: GridPrefs) => void;
}) {
  const { t } = useTranslation();
  const tags = [...new Set(cameras.flatMap((c) => c.tags))].sort((a, b) => a.localeCompare(b));
  const select = `${inputClass} mt-0 w-auto py-1.5 text-sm`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="min-w-48 flex-1">
        <span className="sr-only">{t('cameras.search')}</span>
        <input
          type="search"
          className={`${inputClass} mt-0 py-1.5 text-sm`}
          placeholder={t('cameras.search')}
          value={filters.search}
          onChange={(e) => onFilters({ ...filters, search: e.target.value })}
        />
      </label>
      <label>
        <span className="sr-only">{t('cameras.statusFilter')}</span>
        <select
          className={select}
          value={filters.status}
          onChange={(e) => onFilters({ ...filters, status: e.target.value as NavigatorFilters['status'] })}
        >
          <option value="all">{t('cameras.all')}</option>
          <option value="online">{t('cameras.online')}</option>
          <option value="offline">{t('cameras.offline')}</option>
        </select>
      </label>
      <CameraGroupFilter
        compact
        value={filters.group}
        onChange={(group) => onFilters({ ...filters, group })}
      />
      {tags.length > 0 && (
        <label>
          <span className="sr-only">{t('cameras.tag')}</span>
          <select
            className={select}
            value={filters.tag}
            onChange={(e) => onFilters({ ...filters, tag: e.target.value })}
          >
            <option value="">{t('cameras.allTags')}</option>
            {tags.map((tag) => (
              <option key={tag}>{tag}</option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="flex overflow-hidden rounded-md border border-neutral-300">
        {(['list', 'grid'] as const).map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={grid.view === view}
            className={`px-3 py-1.5 text-sm ${grid.view === view ? 'bg-accent text-white' : 'bg-white'}`}
            onClick={() => onGrid({ ...grid, view })}
          >
            {t(`cameras.${view}`)}
          </button>
        ))}
      </fieldset>
      {grid.view === 'grid' && (
        <label className="flex items-center gap-1 text-sm">
          {t('cameras.columns')}
          <select
            className={select}
            value={grid.columns}
            onChange={(e) => onGrid({ ...grid, columns: Number(e.target.value) as GridPrefs['columns'] })}
          >
            {[1, 2, 3, 4].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
