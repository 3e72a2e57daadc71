import { describe, expect, it } from 'vitest';
import { dayHours, hourRows, lineTotals, today } from './model.ts';

describe('people counts', () => {
  it('groups a camera’s counts by hour and line, people only, and totals them per line', () => {
    const base = { objectClass: 'person' as const };
    const counts = [
      {
        ...base,
        areaId: 'b',
        areaName: 'Back door',
        direction: 'in' as const,
        hourStart: 7_200_000,
        count: 4,
      },
      {
        ...base,
        areaId: 'a',
        areaName: 'Front door',
        direction: 'in' as const,
        hourStart: 3_600_000,
        count: 2,
      },
      {
        ...base,
        areaId: 'a',
        areaName: 'Front door',
        direction: 'out' as const,
        hourStart: 3_600_000,
        count: 1,
      },
      {
        ...base,
        areaId: 'a',
        areaName: 'Front door',
        direction: 'out' as const,
        hourStart: 7_200_000,
        count: 5,
      },
      {
        ...base,
        objectClass: 'car' as const,
        areaId: 'a',
        areaName: 'Front door',
        direction: 'in' as const,
        hourStart: 7_200_000,
        count: 9,
      },
    ];
    const rows = hourRows(counts);
    expect(rows).toEqual([
      { hourStart: 3_600_000, areaId: 'a', name: 'Front door', in: 2, out: 1 },
      { hourStart: 7_200_000, areaId: 'b', name: 'Back door', in: 4, out: 0 },
      { hourStart: 7_200_000, areaId: 'a', name: 'Front door', in: 0, out: 5 },
    ]);
    expect(lineTotals(rows)).toEqual([
      { areaId: 'b', name: 'Back door', in: 4, out: 0 },
      { areaId: 'a', name: 'Front door', in: 2, out: 6 },
    ]);
  });

  it('takes a local day as its hours', () => {
    const { from, to } = dayHours('2026-11-24');
    expect(new Date(from).getHours()).toBe(0);
    expect(new Date(from).getDate()).toBe(24);
    expect(new Date(to).getDate()).toBe(25);
    expect(today(new Date(2026, 0, 5, 13))).toBe('2026-01-05');
  });
});
