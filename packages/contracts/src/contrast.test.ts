import { describe, expect, it } from 'vitest';
import { contrastPasses, contrastRatio, relativeLuminance } from './contrast.ts';

describe('WCAG 2.x contrast (spec 000 §5)', () => {
  it.each([
    // text, background, ratio (WebAIM's contrast checker gives the same to two decimals)
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777', '#fff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#0000ff', '#ffffff', 8.59],
    ['#ffff00', '#ffffff', 1.07],
    ['#595959', '#ffffff', 7],
  ])('%s on %s is %f', (text, bg, ratio) => {
    expect(contrastRatio(text, bg)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(bg, text)).toBeCloseTo(ratio, 2);
  });

  it('passes from 4.5 up: #767676 on white passes, #777 fails', () => {
    expect(contrastPasses('#767676', '#ffffff')).toBe(true);
    expect(contrastPasses('#777777', '#ffffff')).toBe(false);
    expect(contrastPasses('#ffffff', '#000')).toBe(true);
  });

  it('computes relative luminance of the primaries', () => {
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow('not a hex colour');
    expect(() => contrastRatio('#ff00000', '#fff')).toThrow();
  });
});
