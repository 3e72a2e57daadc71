import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  badgeIsWide,
  isDisabled,
  matches,
  type PickerGroup,
  type PickerOption,
  selectAll,
  showsSearch,
  toggle,
} from './options-list.ts';

export interface OptionsListProps {
  label: string;
  options: readonly PickerOption[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  multi?: boolean;
  max?: number | undefined;
  /** Group rows; their options load on first expand (`loadGroup`), then show under them. */
  groups?: readonly PickerGroup[];
  loadGroup?: (id: string) => Promise<PickerOption[]>;
  /** The bottom button (e.g. Apply). */
  action?: { label: string; onClick: () => void } | undefined;
}

/**
 * The options list picker of spec 001 §2 and §5: select or multi-select, groups loaded lazily, a search box over
 * more than 6 options, select-all up to the remaining maximum, clear disabled when nothing is selected, count
 * badges that widen above 99.
 */
export function OptionsList(p: OptionsListProps) {
  const { t } = useTranslation();
  const multi = p.multi ?? true;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [loaded, setLoaded] = useState<Record<string, PickerOption[] | 'loading'>>({});
  const searchId = useId();
  const groupOptions = Object.values(loaded).flatMap((g) => (g === 'loading' ? [] : g));
  const all = [...p.options, ...groupOptions.filter((o) => !p.options.some((x) => x.key === o.key))];
  const visible = all.filter((o) => matches(o, query));
  const expand = async (g: PickerGroup) => {
    const next = !open[g.id];
    setOpen((s) => ({ ...s, [g.id]: next }));
    if (next && loaded[g.id] === undefined && p.loadGroup) {
      setLoaded((s) => ({ ...s, [g.id]: 'loading' }));
      const options = await p.loadGroup(g.id).catch(() => []);
      setLoaded((s) => ({ ...s, [g.id]: options.map((o) => ({ ...o, groupId: g.id })) }));
    }
  };
  const row = (o: PickerOption) => {
    const disabled = isDisabled(o, p.selected, p.max);
    return (
      <li key={`${o.groupId ?? ''}:${o.key}`}>
        <label
          className={`flex items-center gap-2 rounded px-2 py-1.5 ${disabled ? 'opacity-50' : 'hover:bg-neutral-100'}`}
        >
          <input
            type={multi ? 'checkbox' : 'radio'}
            name={p.label}
            checked={p.selected.has(o.key)}
            disabled={disabled}
            onChange={() => p.onChange(toggle(o.key, p.selected, { multi, max: p.max }))}
          />
          {o.image && <img src={o.image} alt="" className="h-6 w-10 rounded object-cover" />}
          <span className="min-w-0 flex-1">
            <span className="block truncate">{o.label}</span>
            {o.description && (
              <span className="block truncate text-xs text-neutral-500">{o.description}</span>
            )}
          </span>
          {o.count !== undefined && (
            <span
              data-testid="badge"
              className={`rounded-full bg-neutral-200 text-center text-xs leading-5 ${badgeIsWide(o.count) ? 'min-w-9 px-2' : 'min-w-5 px-1'}`}
            >
              {o.count}
            </span>
          )}
        </label>
      </li>
    );
  };
  return (
    <fieldset className="rounded-lg border border-neutral-200 bg-white p-2" aria-label={p.label}>
      <legend className="px-1 text-sm font-medium">{p.label}</legend>
      {showsSearch(all.length) && (
        <>
          <label htmlFor={searchId} className="sr-only">
            {t('picker.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('picker.search')}
            className="mb-2 w-full rounded border border-neutral-300 px-2 py-1 text-sm"
          />
        </>
      )}
      {multi && (
        <div className="mb-1 flex gap-2 text-sm">
          <button
            type="button"
            className="rounded px-2 py-0.5 text-accent-ink hover:underline disabled:opacity-50"
            disabled={p.max !== undefined && p.selected.size >= p.max}
            onClick={() => p.onChange(selectAll(visible, p.selected, p.max))}
          >
            {t('picker.selectAll')}
          </button>
          <button
            type="button"
            className="rounded px-2 py-0.5 text-accent-ink hover:underline disabled:opacity-50"
            disabled={p.selected.size === 0}
            onClick={() => p.onChange(new Set())}
          >
            {t('picker.clear')}
          </button>
        </div>
      )}
      <ul className="max-h-64 overflow-y-auto">
        {visible.filter((o) => !o.groupId).map(row)}
        {(p.groups ?? []).map((g) => {
          const items = loaded[g.id];
          return (
            <li key={`group:${g.id}`}>
              <button
                type="button"
                aria-expanded={Boolean(open[g.id])}
                onClick={() => void expand(g)}
                className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left font-medium hover:bg-neutral-100"
              >
                <span aria-hidden="true">{open[g.id] ? '▾' : '▸'}</span>
                {g.name}
              </button>
              {open[g.id] && (
                <ul className="ml-4">
                  {items === 'loading' ? (
                    <li className="px-2 py-1 text-sm text-neutral-500">{t('app.loading')}</li>
                  ) : (
                    (items ?? []).filter((o) => matches(o, query)).map(row)
                  )}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {p.action && (
        <button
          type="button"
          onClick={p.action.onClick}
          className="mt-2 w-full rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-white"
        >
          {p.action.label}
        </button>
      )}
    </fieldset>
  );
}
