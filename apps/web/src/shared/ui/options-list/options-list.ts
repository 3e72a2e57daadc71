import { BADGE_WIDE_ABOVE, PICKER_SEARCH_THRESHOLD } from '@vigil/contracts';

/** An option of the list picker (spec 001 §3). */
export interface PickerOption {
  key: string;
  label: string;
  description?: string | undefined;
  image?: string | undefined;
  disabled?: boolean | undefined;
  count?: number | undefined;
  groupId?: string | undefined;
}

/** A group row: expands to show its options, loaded on first expand (spec 001 §4). */
export interface PickerGroup {
  id: string;
  name: string;
}

/** Spec 001 §5: a search box appears with more than 6 options. */
export const showsSearch = (optionCount: number): boolean => optionCount > PICKER_SEARCH_THRESHOLD;

/** Spec 001 §9: count badges widen above 99. */
export const badgeIsWide = (count: number): boolean => count > BADGE_WIDE_ABOVE;

export function matches(option: PickerOption, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return (
    option.label.toLocaleLowerCase().includes(q) || (option.description ?? '').toLocaleLowerCase().includes(q)
  );
}

/** At the max count, the options not selected are disabled (spec 001 §5). */
export function isDisabled(
  option: PickerOption,
  selected: ReadonlySet<string>,
  max: number | undefined,
): boolean {
  if (option.disabled) return true;
  return max !== undefined && selected.size >= max && !selected.has(option.key);
}

/** Select-all picks only as many as remain below the max, in list order, skipping disabled options. */
export function selectAll(
  visible: readonly PickerOption[],
  selected: ReadonlySet<string>,
  max: number | undefined,
): Set<string> {
  const out = new Set(selected);
  for (const o of visible) {
    if (max !== undefined && out.size >= max) break;
    if (!o.disabled) out.add(o.key);
  }
  return out;
}

export function toggle(
  key: string,
  selected: ReadonlySet<string>,
  opts: { multi: boolean; max?: number | undefined },
): Set<string> {
  if (!opts.multi) return new Set(selected.has(key) ? [] : [key]);
  const out = new Set(selected);
  if (out.has(key)) out.delete(key);
  else if (opts.max === undefined || out.size < opts.max) out.add(key);
  return out;
}
