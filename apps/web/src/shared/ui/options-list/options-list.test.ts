import { describe, expect, it } from 'vitest';
import { badgeIsWide, isDisabled, matches, selectAll, showsSearch, toggle } from './options-list.ts';

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, label: `Camera ${i}` }));

describe('options list rules (spec 001 §5, §9)', () => {
  it('shows a search box above 6 options and badges widen above 99', () => {
    expect(showsSearch(6)).toBe(false);
    expect(showsSearch(7)).toBe(true);
    expect(badgeIsWide(99)).toBe(false);
    expect(badgeIsWide(100)).toBe(true);
    expect(matches({ key: 'a', label: 'Front door' }, 'DOOR')).toBe(true);
  });

  it('disables the rest at the max, and select-all picks only as many as remain', () => {
    const all = opts(10);
    const some = new Set(['k0', 'k1']);
    const picked = selectAll(all, some, 5);
    expect([...picked]).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    expect(isDisabled(all[9]!, picked, 5)).toBe(true);
    expect(isDisabled(all[0]!, picked, 5)).toBe(false);
    expect(toggle('k9', picked, { multi: true, max: 5 }).has('k9')).toBe(false);
    expect([...toggle('k3', new Set(['k1']), { multi: false })]).toEqual(['k3']);
    expect(
      selectAll([{ key: 'x', label: 'x', disabled: true }, ...all.slice(0, 2)], new Set(), undefined).has(
        'x',
      ),
    ).toBe(false);
  });
});
