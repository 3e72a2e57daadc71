import { describe, expect, it } from 'vitest';
import { interleave } from './vitest-sequencer.ts';

describe('the unit files’ order (decision 0888)', () => {
  const heavy = (s: string) => s.startsWith('v');

  it('spreads the heavy files evenly among the rest, each kind in its own order', () => {
    expect(interleave(['v1', 'v2', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6'], heavy)).toEqual([
      'v1',
      'n1',
      'n2',
      'n3',
      'v2',
      'n4',
      'n5',
      'n6',
    ]);
  });

  it('keeps everything when one kind is missing', () => {
    expect(interleave(['v1', 'v2'], heavy)).toEqual(['v1', 'v2']);
    expect(interleave(['n1', 'n2'], heavy)).toEqual(['n1', 'n2']);
    expect(interleave([], heavy)).toEqual([]);
  });
});
