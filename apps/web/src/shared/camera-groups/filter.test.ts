import { describe, expect, it } from 'vitest';
import { findGroup, groupKey, inGroup } from './filter.ts';

const groups = [
  { id: 'g1', name: 'Front', cloudStorageDuration: 7, cameras: ['u.a', 'u.c'] },
  { id: -1, name: 'Free partner demo', cloudStorageDuration: 0, cameras: ['p.x'] },
];
const cams = [{ uidd: 'u.a' }, { uidd: 'u.b' }, { uidd: 'u.c' }];

describe('camera group filter', () => {
  it('finds groups by key, the partner demo (-1) included; empty means all', () => {
    expect(findGroup(groups, 'g1')?.name).toBe('Front');
    expect(findGroup(groups, groupKey(groups[1]!))?.name).toBe('Free partner demo');
    expect(findGroup(groups, '')).toBeUndefined();
    expect(findGroup(groups, 'gone')).toBeUndefined();
  });

  it('keeps the cameras of the group in their order, or all without a group', () => {
    expect(inGroup(cams, groups[0]).map((c) => c.uidd)).toEqual(['u.a', 'u.c']);
    expect(inGroup(cams, undefined)).toHaveLength(3);
    expect(inGroup(cams, groups[1])).toEqual([]);
  });
});
