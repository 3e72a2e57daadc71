import { MIN_COLOUR_CONTRAST_RATIO } from './constants.ts';

/** `#rgb` or `#rrggbb`, the only colour form brands store (so a colour can never carry CSS of its own). */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The sRGB channels 0..255 of `#rgb` or `#rrggbb`. */
export function hexChannels(hex: string): [number, number, number] {
  if (!HEX_COLOUR.test(hex)) throw new Error(`not a hex colour: ${hex}`);
  const h = hex.slice(1);
  const full = h.length === 3 ? h.replace(/./g, '$&$&') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2.x relative luminance (0 black … 1 white), with the sRGB threshold of WCAG 2.2 (0.04045). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexChannels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio, 1 … 21, whichever colour is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Spec 000 §5: a colour contrast check requires a ratio of at least 4.5. */
export const contrastPasses = (text: string, background: string): boolean =>
  contrastRatio(text, background) >= MIN_COLOUR_CONTRAST_RATIO;
