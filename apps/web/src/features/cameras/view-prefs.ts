import type { Camera, CameraGroup } from '@vigil/contracts';
import { findGroup, inGroup } from '../../shared/camera-groups/filter.ts';
import { readJson, STORAGE_KEYS } from '../../shared/storage/local.ts';
import type { Badge } from './status-badge.ts';

/** The camera navigator's filters (spec 000 §3, stored locally as cameraNavigatorFilters). */
export interface NavigatorFilters {
  search: string;
  /** Only cameras with this badge group. */
  status: 'all' | 'online' | 'offline';
  /** A camera group of the session (id), or all. */
  group: string;
  tag: string;
}
export const DEFAULT_FILTERS: NavigatorFilters = { search: '', status: 'all', group: '', tag: '' };

/** The grid's own settings (stored locally as gridFilters). */
export interface GridPrefs {
  view: 'list' | 'grid';
  columns: 1 | 2 | 3 | 4;
}
export const DEFAULT_GRID: GridPrefs = { view: 'grid', columns: 3 };

export const loadFilters = (s: Storage = localStorage): NavigatorFilters => ({
  ...DEFAULT_FILTERS,
  ...readJson<Partial<NavigatorFilters>>(STORAGE_KEYS.cameraNavigatorFilters, s),
});
export const saveFilters = (f: NavigatorFilters, s: Storage = localStorage) =>
  s.setItem(STORAGE_KEYS.cameraNavigatorFilters, JSON.stringify(f));
export const loadGrid = (s: Storage = localStorage): GridPrefs => ({
  ...DEFAULT_GRID,
  ...readJson<Partial<GridPrefs>>(STORAGE_KEYS.gridFilters, s),
});
export const saveGrid = (g: GridPrefs, s: Storage = localStorage) =>
  s.setItem(STORAGE_KEYS.gridFilters, JSON.stringify(g));
export const loadOrder = (s: Storage = localStorage): string[] =>
  readJson<string[]>(STORAGE_KEYS.cameraOrder, s) ?? [];
export const saveOrder = (order: readonly string[], s: Storage = localStorage) =>
  s.setItem(STORAGE_KEYS.cameraOrder, JSON.stringify(order));

/** Cameras in the stored order; cameras not in it follow, in the server's order. */
export function ordered(cameras: readonly Camera[], order: readonly string[]): Camera[] {
  const rank = new Map(order.map((u, i) => [u, i]));
  return cameras
    .map((c, i) => ({ c, r: rank.get(c.uidd) ?? order.length + i }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.c);
}

/** Moves a camera one place up (-1) or down (+1) in the order of the cameras shown; returns the new order. */
export function move(shown: readonly Camera[], uidd: string, by: -1 | 1): string[] {
  const ids = shown.map((c) => c.uidd as string);
  const i = ids.indexOf(uidd);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  return ids;
}

/** The cameras the navigator filters let through. */
export function filtered(
  cameras: readonly Camera[],
  f: NavigatorFilters,
  badges: ReadonlyMap<string, Badge>,
  groups: readonly CameraGroup[],
): Camera[] {
  const q = f.search.trim().toLowerCase();
  // The shared group filter (decision 0404); a stored group since deleted shows every camera.
  return inGroup(cameras, findGroup(groups, f.group)).filter((c) => {
    if (q && !c.name.toLowerCase().includes(q) && !c.tags.some((t) => t.toLowerCase().includes(q)))
      return false;
    if (f.tag && !c.tags.includes(f.tag)) return false;
    if (f.status !== 'all') {
      const online = badges.get(c.uidd) === 'online';
      if ((f.status === 'online') !== online) return false;
    }
    return true;
  });
}
