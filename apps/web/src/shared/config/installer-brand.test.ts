import { describe, expect, it } from 'vitest';
import { applyColours } from './installer-brand.ts';

describe("an installer's colours on the page (decision 0820)", () => {
  it('sets the colours it names as the stylesheet properties, and removes them all again', () => {
    const root = document.createElement('div');
    applyColours(root, {
      accentColour: '#0b5394',
      navColour: '#203040',
      whiteOverAccent: false,
      logo: '/x',
      favicon: '/y',
    });
    expect(root.style.getPropertyValue('--color-accent')).toBe('#0b5394');
    expect(root.style.getPropertyValue('--color-nav')).toBe('#203040');
    expect(root.style.getPropertyValue('--color-on-accent')).toBe('#111111');
    expect(root.style.getPropertyValue('--color-button')).toBe('');
    applyColours(root, undefined);
    expect(root.getAttribute('style') ?? '').toBe('');
  });
});
