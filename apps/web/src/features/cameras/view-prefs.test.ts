import type { Camera, CameraGroup } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { Badge } from './status-badge.ts';
import {
  DEFAULT_FILTERS,
  filtered,
  loadFilters,
  loadOrder,
  move,
  ordered,
  saveFilters,
  saveOrder,
} from './view-prefs.ts';

const cam = (uidd: string, name: string, tags: string[] = []) => ({ uidd, name, tags }) as unknown as Camera;
const a = cam('o.a', 'Alpha', ['door']);
const b = cam('o.b', 'Beta');
const c = cam('o.c', 'Gamma', ['yard']);

describe('camera order and filters', () => {
  it('orders by the stored order, newcomers after', () => {
    expect(ordered([a, b, c], ['o.c', 'o.a']).map((x) => x.uidd)).toEqual(['o.c', 'o.a', 'o.b']);
    expect(move([a, b, c], 'o.b', -1)).toEqual(['o.b', 'o.a', 'o.c']);
    expect(move([a, b, c], 'o.a', -1)).toEqual(['o.a', 'o.b', 'o.c']);
  });
  it('filters by search, tag, status and camera group of the session', () => {
    const badges = new Map<string, Badge>([
      ['o.a', 'online'],
      ['o.b', 'offline'],
      ['o.c', 'online'],
    ]);
    const groups = [{ id: 7, name: 'Outside', cameras: ['o.c'], cloudStorageDuration: 30 }] as CameraGroup[];
    const names = (f: Partial<typeof DEFAULT_FILTERS>) =>
      filtered([a, b, c], { ...DEFAULT_FILTERS, ...f }, badges, groups).map((x) => x.name);
    expect(names({ search: 'gam' })).toEqual(['Gamma']);
    expect(names({ search: 'door' })).toEqual(['Alpha']);
    expect(names({ tag: 'yard' })).toEqual(['Gamma']);
    expect(names({ status: 'offline' })).toEqual(['Beta']);
    expect(names({ group: '7' })).toEqual(['Gamma']);
  });
  it('keeps filters and order in local storage', () => {
    saveFilters({ ...DEFAULT_FILTERS, search: 'x' });
    saveOrder(['o.b']);
    expect(loadFilters().search).toBe('x');
    expect(loadOrder()).toEqual(['o.b']);
  });
});
