import { describe, expect, it } from 'vitest';
import { axisTop, hourlyCounts } from './hourly.ts';

describe('dashboard hourly counts', () => {
  it('counts events per camera per local hour of the day', () => {
    const day = new Date(2026, 10, 20).getTime();
    const at = (h: number, m = 0) => new Date(2026, 10, 20, h, m).getTime();
    const counts = hourlyCounts(
      [
        { cameraUidd: 'a', startTime: at(0, 5) },
        { cameraUidd: 'a', startTime: at(0, 50) },
        { cameraUidd: 'b', startTime: at(23, 59) },
        { cameraUidd: 'b', startTime: day - 1 },
      ],
      day,
    );
    expect(counts.get('a')?.[0]).toBe(2);
    expect(counts.get('b')?.[23]).toBe(1);
    expect(counts.get('b')?.reduce((s, v) => s + v, 0)).toBe(1);
  });
  it('rounds the axis top up to a readable step', () => {
    expect(axisTop([[3, 1]])).toBe(3);
    expect(axisTop([[13], [4]])).toBe(20);
    expect(axisTop([[140]])).toBe(200);
    expect(axisTop([])).toBe(1);
  });
});
