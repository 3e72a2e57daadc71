import { MOTION_ZONE_MAX_NODES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { addPointProblem, pointIn, zonesProblem } from './zones.ts';

describe('zone editor rules', () => {
  it('refuses a corner whose lines would cross, and more than the max corners', () => {
    const pts: [number, number][] = [
      [0.1, 0.1],
      [0.5, 0.1],
      [0.5, 0.5],
    ];
    expect(addPointProblem(pts, [0.1, 0.5])).toBeNull();
    expect(addPointProblem([...pts, [0.1, 0.5]], [0.7, 0.3])).toBe('motion.linesCross');
    const many = Array.from(
      { length: MOTION_ZONE_MAX_NODES },
      (_, i) => [i / 20, (i % 2) / 10] as [number, number],
    );
    expect(addPointProblem(many, [0.9, 0.9])).toBe('motion.tooManyCorners');
  });
  it('wants names, three corners, simple outlines and unique names', () => {
    const sq: [number, number][] = [
      [0.1, 0.1],
      [0.4, 0.1],
      [0.4, 0.4],
      [0.1, 0.4],
    ];
    expect(zonesProblem([{ name: 'Door', points: sq }])).toBeNull();
    expect(zonesProblem([{ name: ' ', points: sq }])).toBe('motion.nameRequired');
    expect(zonesProblem([{ name: 'a', points: sq.slice(0, 2) }])).toBe('motion.tooFewCorners');
    expect(
      zonesProblem([
        { name: 'Door', points: sq },
        { name: 'door', points: sq },
      ]),
    ).toBe('motion.namesUnique');
    expect(pointIn({ left: 10, top: 10, width: 100, height: 50 }, 60, 35)).toEqual([0.5, 0.5]);
    expect(pointIn({ left: 0, top: 0, width: 100, height: 50 }, -5, 80)).toEqual([0, 1]);
  });
});
