import { describe, expect, it } from 'vitest';
import {
  MOTION_ZONE_MAX_NODES,
  MotionZones,
  PatchMotionConfigBody,
  type Point,
  segmentsIntersect,
  zoneOutlineProblem,
} from './motion.ts';

const square: Point[] = [
  [0.1, 0.1],
  [0.5, 0.1],
  [0.5, 0.5],
  [0.1, 0.5],
];

describe('motion zones', () => {
  it('accepts a simple polygon and refuses crossing or overlapping lines', () => {
    expect(zoneOutlineProblem(square)).toBeNull();
    const bowtie: Point[] = [
      [0.1, 0.1],
      [0.5, 0.5],
      [0.5, 0.1],
      [0.1, 0.5],
    ];
    expect(zoneOutlineProblem(bowtie)).toBe('zone lines cross');
    // A side that folds back along the previous one.
    const folded: Point[] = [
      [0.1, 0.1],
      [0.5, 0.1],
      [0.3, 0.1],
      [0.3, 0.4],
    ];
    expect(zoneOutlineProblem(folded)).toBe('zone lines overlap');
    // A corner touching a side that is not its own.
    const touching: Point[] = [
      [0.1, 0.1],
      [0.5, 0.1],
      [0.3, 0.1 + 0],
      [0.2, 0.4],
    ];
    expect(zoneOutlineProblem(touching)).not.toBeNull();
    expect(segmentsIntersect([0, 0], [1, 1], [0, 1], [1, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 0], [0, 1], [1, 1])).toBe(false);
  });

  it('limits corners and zones, and wants unique names', () => {
    const many = Array.from(
      { length: MOTION_ZONE_MAX_NODES + 1 },
      (_, i) =>
        [
          0.5 + 0.4 * Math.cos((2 * Math.PI * i) / (MOTION_ZONE_MAX_NODES + 1)),
          0.5 + 0.4 * Math.sin((2 * Math.PI * i) / (MOTION_ZONE_MAX_NODES + 1)),
        ] as [number, number],
    );
    expect(MotionZones.safeParse([{ name: 'a', points: many }]).success).toBe(false);
    expect(MotionZones.safeParse([{ name: 'a', points: many.slice(1) }]).success).toBe(true);
    const dup = MotionZones.safeParse([
      { name: 'Door', points: square },
      { name: 'door', points: square },
    ]);
    expect(dup.success).toBe(false);
    expect(dup.error?.issues[0]?.message).toBe('zone names must be unique');
    expect(
      MotionZones.safeParse([
        {
          name: 'x',
          points: [
            [0, 0],
            [2, 0],
            [0, 1],
          ],
        },
      ]).success,
    ).toBe(false);
  });

  it('patches any of sensitivity, zones and rom, sensitivity 1..10', () => {
    const uidd = 'u1.cam1';
    expect(PatchMotionConfigBody.safeParse({ uidd, settings: { sensitivity: 10 } }).success).toBe(true);
    expect(PatchMotionConfigBody.safeParse({ uidd, settings: { sensitivity: 11 } }).success).toBe(false);
    expect(PatchMotionConfigBody.safeParse({ uidd, settings: { sensitivity: 0 } }).success).toBe(false);
    expect(PatchMotionConfigBody.safeParse({ uidd, settings: {} }).success).toBe(false);
    expect(PatchMotionConfigBody.safeParse({ uidd, settings: { rom: true, zones: [] } }).success).toBe(true);
  });
});
