import type { CameraGroup } from '@vigil/contracts';

/** The id a group filter keeps in a select or a URL: group ids are strings, the partner-demo group is -1. */
export const groupKey = (g: Pick<CameraGroup, 'id'>): string => String(g.id);

/** The group with this key, if the session has it. */
export const findGroup = (
  groups: readonly CameraGroup[],
  key: string | undefined,
): CameraGroup | undefined =>
  key === undefined || key === '' ? undefined : groups.find((g) => groupKey(g) === key);

/** The items of a group (every item without a group), in their own order. */
export function inGroup<T extends { uidd: string }>(
  items: readonly T[],
  group: CameraGroup | undefined,
): T[] {
  if (!group) return [...items];
  const members = new Set(group.cameras);
  return items.filter((i) => members.has(i.uidd));
}
