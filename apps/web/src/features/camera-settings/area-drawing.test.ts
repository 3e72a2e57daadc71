import { describe, expect, it } from 'vitest';
import { addNode, areaProblemKey, arrowMove, moveNode, picturePoint } from './area-drawing.ts';

describe('area drawing by pointer and keyboard (decision 0704)', () => {
  it('turns a pointer position into picture coordinates, kept on the picture', () => {
    const box = { left: 10, top: 20, width: 200, height: 100 };
    expect(picturePoint(box, 60, 45)).toEqual([0.25, 0.25]);
    expect(picturePoint(box, 0, 500)).toEqual([0, 1]);
  });

  it('moves a node with the arrows, 1 % a step or 10 % with Shift, never off the picture', () => {
    expect(arrowMove('ArrowRight', false)).toEqual([0.01, 0]);
    expect(arrowMove('ArrowUp', true)).toEqual([0, -0.1]);
    expect(arrowMove('Enter', false)).toBe(null);
    expect(
      moveNode(
        [
          [0.5, 0.5],
          [0.95, 0.05],
        ],
        1,
        0.1,
        -0.1,
      ),
    ).toEqual([
      [0.5, 0.5],
      [1, 0],
    ]);
  });

  it('adds nodes from the keyboard where they keep the shape valid', () => {
    let zone = addNode('zone', []);
    zone = addNode('zone', zone);
    expect(areaProblemKey('zone', 'Drive', zone)).toBe('analyticsAreas.problems.few.zone');
    zone = addNode('zone', zone);
    expect(zone).toEqual([
      [0.3, 0.3],
      [0.7, 0.3],
      [0.5, 0.7],
    ]);
    expect(areaProblemKey('zone', 'Drive', zone)).toBe(null);
    expect(addNode('zone', zone)).toEqual([
      [0.3, 0.3],
      [0.7, 0.3],
      [0.5, 0.7],
      [0.4, 0.5],
    ]);
    const line = addNode('line', addNode('line', []));
    expect(addNode('line', line)).toEqual([
      [0.3, 0.5],
      [0.5, 0.5],
      [0.7, 0.5],
    ]);
    expect(areaProblemKey('line', ' ', line)).toBe('analyticsAreas.problems.name');
    expect(
      areaProblemKey('zone', 'X', [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe('analyticsAreas.problems.shape');
  });
});
