import { describe, expect, it } from 'vitest';
import { daysRange, missingText, percent, zoneRows } from './model.ts';

describe('the PPE screen’s model', () => {
  it('sorts zones by their violations, then camera and zone', () => {
    const names: Record<string, string> = { 'u.a': 'Yard', 'u.b': 'Gate' };
    const rows = zoneRows(
      [
        { uidd: 'u.a', zoneId: 'z1', zoneName: 'Scaffold', helmet: 1, vest: 0, total: 1 },
        { uidd: 'u.b', zoneId: null, zoneName: null, helmet: 2, vest: 1, total: 3 },
        { uidd: 'u.a', zoneId: 'z2', zoneName: 'Crane', helmet: 0, vest: 1, total: 1 },
      ],
      (u) => names[u] ?? u,
    );
    expect(rows.map((r) => [r.camera, r.zone, r.total])).toEqual([
      ['Gate', null, 3],
      ['Yard', 'Crane', 1],
      ['Yard', 'Scaffold', 1],
    ]);
  });

  it('names what is missing and rounds a confidence', () => {
    const name = (i: string) => (i === 'helmet' ? 'Hard hat' : 'Vest');
    expect(missingText({ missing: ['helmet', 'vest'] }, name)).toBe('Hard hat, Vest');
    expect(percent(0.514)).toBe('51 %');
  });

  it('spans whole local days, in either order', () => {
    const r = daysRange('2026-11-24', '2026-11-23');
    expect(new Date(r.startt).getHours()).toBe(0);
    expect(new Date(r.startt).getDate()).toBe(23);
    expect(r.endt - r.startt).toBe(2 * 86_400_000 - 1);
  });
});
