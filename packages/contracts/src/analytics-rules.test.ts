import { describe, expect, it } from 'vitest';
import { areaShapeProblem, linesMeet, pointInPolygon } from './analytics-rules.ts';
import { aspectRatioOf } from './ptz-config.ts';

describe('analytics area geometry (decision 0704)', () => {
  it('accepts a simple zone and a line; says why others cannot be saved', () => {
    expect(
      areaShapeProblem('zone', [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.5, 0.8],
      ]),
    ).toBe(null);
    expect(
      areaShapeProblem('line', [
        [0.5, 0],
        [0.5, 1],
      ]),
    ).toBe(null);
    expect(
      areaShapeProblem('zone', [
        [0, 0],
        [1, 0],
      ]),
    ).toBe('a zone needs at least 3 corners');
    expect(areaShapeProblem('line', [[0, 0]])).toBe('a line needs at least 2 nodes');
    expect(
      areaShapeProblem('zone', [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe('zone lines cross');
    expect(
      areaShapeProblem('zone', [
        [0, 0],
        [0.5, 0.5],
        [1, 1],
      ]),
    ).toBe('zone lines overlap');
    expect(
      areaShapeProblem('zone', [
        [0, 0],
        [0.001, 0],
        [0, 0.001],
      ]),
    ).toBe('zone is too small');
    expect(
      areaShapeProblem('line', [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe('the line crosses itself');
    expect(
      areaShapeProblem('line', [
        [0, 0],
        [0.5, 0],
        [0.2, 0],
      ]),
    ).toBe('the line folds back on itself');
    expect(
      areaShapeProblem('line', [
        [0, 0],
        [0, 0],
      ]),
    ).toBe('two nodes are at the same place');
    expect(
      areaShapeProblem('line', [
        [0, 0],
        [1.5, 0],
      ]),
    ).toBe('points are between 0 and 1 of the picture');
    const thirteen = Array.from({ length: 13 }, (_, i) => [i / 12, 0] as [number, number]);
    expect(areaShapeProblem('line', thirteen)).toBe('an area has at most 12 nodes');
  });

  it('tells lines that meet (crossing or touching) from lines apart', () => {
    expect(
      linesMeet(
        [
          [0, 0.5],
          [1, 0.5],
        ],
        [
          [0.5, 0],
          [0.5, 1],
        ],
      ),
    ).toBe(true);
    expect(
      linesMeet(
        [
          [0, 0.5],
          [0.5, 0.5],
        ],
        [
          [0.5, 0.5],
          [0.5, 1],
        ],
      ),
    ).toBe(true);
    expect(
      linesMeet(
        [
          [0, 0.5],
          [0.4, 0.5],
        ],
        [
          [0.5, 0],
          [0.5, 1],
        ],
      ),
    ).toBe(false);
    expect(
      linesMeet(
        [
          [0, 0],
          [0.3, 0.3],
          [0.3, 0.9],
        ],
        [
          [0.5, 0],
          [0.5, 1],
        ],
      ),
    ).toBe(false);
  });

  it('places points inside or outside a zone', () => {
    const l = [
      [0, 0],
      [0.6, 0],
      [0.6, 0.3],
      [0.3, 0.3],
      [0.3, 1],
      [0, 1],
    ] as [number, number][];
    expect(pointInPolygon([0.1, 0.9], l)).toBe(true);
    expect(pointInPolygon([0.5, 0.1], l)).toBe(true);
    expect(pointInPolygon([0.5, 0.5], l)).toBe(false);
    expect(pointInPolygon([0.9, 0.9], l)).toBe(false);
  });
});

describe('aspect ratio of a stream (spec 001 §3: 4:3, 16:9)', () => {
  it('names the two the product knows, close sizes included, and reduces the rest', () => {
    expect(aspectRatioOf(1920, 1080)).toBe('16:9');
    expect(aspectRatioOf(1920, 1088)).toBe('16:9');
    expect(aspectRatioOf(640, 480)).toBe('4:3');
    expect(aspectRatioOf(2560, 1080)).toBe('64:27');
    expect(aspectRatioOf(null, 720)).toBe(null);
  });
});
