import { describe, expect, it } from 'vitest';
import { entriesOf, gridOf } from './week-grid.ts';

describe('the weekly recording grid', () => {
  it('reads entries hour by hour, going back round the week', () => {
    const g = gridOf([
      { day_of_week: 1, local_time: '09:00', action: 'off' },
      { day_of_week: 1, local_time: '17:30', action: 'on' },
    ]);
    expect(g[1]!.slice(8, 11)).toEqual([true, false, false]);
    // 17:30 takes effect from the next whole hour.
    expect(g[1]!.slice(17, 19)).toEqual([false, true]);
    expect(g[0]![0]).toBe(true);
    expect(gridOf([]).flat().every(Boolean)).toBe(true);
  });

  it('writes the change points of a painted week, grouped by time and action', () => {
    const g = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => true));
    for (const d of [1, 2]) for (let h = 9; h < 17; h++) g[d]![h] = false;
    expect(entriesOf(g)).toEqual([
      { localTime: '09:00', action: 'off', days: [1, 2] },
      { localTime: '17:00', action: 'on', days: [1, 2] },
    ]);
    expect(
      gridOf(
        entriesOf(g).flatMap((e) =>
          e.days.map((d) => ({ day_of_week: d, local_time: e.localTime, action: e.action })),
        ),
      ),
    ).toEqual(g);
    expect(entriesOf(g.map((r) => r.map(() => false)))).toEqual([
      { localTime: '00:00', action: 'off', days: [0] },
    ]);
    expect(entriesOf(g.map((r) => r.map(() => true)))).toEqual([]);
  });
});
