import type { EventItem } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { heldBack } from './held.ts';

const ev = (id: string) => ({ id }) as EventItem;

describe('live events held above the list (decision 0768)', () => {
  it('holds the new events at the top, not the older pages loaded at the end', () => {
    const shown = new Set(['c', 'd']);
    expect(heldBack([ev('a'), ev('b'), ev('c'), ev('d'), ev('e')], shown)).toBe(2);
    expect(heldBack([ev('c'), ev('d'), ev('e')], shown)).toBe(0);
    expect(heldBack([ev('c'), ev('d')], undefined)).toBe(0);
  });
  it('an empty list shown: what arrives is held', () => {
    expect(heldBack([ev('a')], new Set())).toBe(1);
  });
});
