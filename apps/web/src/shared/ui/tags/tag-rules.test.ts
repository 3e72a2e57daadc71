import { describe, expect, it } from 'vitest';
import { tagToAdd } from './tag-rules.ts';

describe('tag input rules (spec 000 §5)', () => {
  it('adds a non-empty tag that is not there yet', () => {
    expect(tagToAdd('  porch ', [])).toBe('porch');
    expect(tagToAdd('   ', [])).toBeNull();
    expect(tagToAdd('porch', ['porch'])).toBeNull();
  });
  it('in restricted mode adds only a known tag', () => {
    expect(tagToAdd('new', [], { restricted: true, known: ['porch'] })).toBeNull();
    expect(tagToAdd('porch', [], { restricted: true, known: ['porch'] })).toBe('porch');
  });
});
