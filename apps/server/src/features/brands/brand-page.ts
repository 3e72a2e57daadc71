import { DARK_OVER_ACCENT, DEFAULT_BRAND_THEME, HEX_COLOUR, type PublicBrand } from '@vigil/contracts';

/** The element the web app reads its brand from (apps/web/src/shared/config/brand.ts reads the same id). */
export const BRAND_SCRIPT_ID = 'vigil-brand';

/** CSS custom properties of the web app (apps/web/src/index.css) that each theme field sets. */
const CSS_VARS = {
  accentColour: '--color-accent',
  colour: '--color-brand',
  buttonColour: '--color-button',
  buttonTextColour: '--color-button-text',
  navColour: '--color-nav',
  navTextColour: '--color-nav-text',
  navFadedTextColour: '--color-nav-faded',
  portalSidebar: '--color-portal-sidebar',
} as const;

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The brand's colours as CSS declarations; only validated hex colours get in (a colour can carry no CSS). */
export function brandCss(brand: PublicBrand): string {
  const t = brand.theme;
  const decls: string[] = [];
  for (const [field, prop] of Object.entries(CSS_VARS)) {
    const value = t[field as keyof typeof CSS_VARS];
    if (value && HEX_COLOUR.test(value)) decls.push(`${prop}:${value}`);
  }
  if (t.whiteOverAccent !== undefined)
    decls.push(`--color-on-accent:${t.whiteOverAccent ? '#ffffff' : DARK_OVER_ACCENT}`);
  const stops = (t.gradients ?? []).filter((g) => HEX_COLOUR.test(g));
  if (stops.length >= 2) decls.push(`--brand-gradient:linear-gradient(135deg,${stops.join(',')})`);
  return decls.length ? `:root{${decls.join(';')}}` : '';
}

/** Where the favicon is, versioned by what it is drawn from so a change is fetched at once. */
export const faviconHref = (b: PublicBrand) =>
  b.favicon ??
  `/brands/${b.id}/favicon?v=${(b.theme.accentColour ?? DEFAULT_BRAND_THEME.accentColour).slice(1)}`;

/**
 * The web app's index.html for a brand, so its first paint is already the brand's (decision 0820): the title,
 * theme colour, favicon, manifest, the colours as CSS custom properties, and the brand itself as a JSON data
 * block the app reads synchronously at start. A data block is never run, so the CSP's script-src is untouched.
 */
export function brandedIndex(html: string, brand: PublicBrand): string {
  const title = escapeHtml(brand.theme.title ?? brand.name);
  const accent = brand.theme.accentColour ?? DEFAULT_BRAND_THEME.accentColour;
  // `<` escaped: nothing in a brand's texts can close the script element.
  const json = JSON.stringify(brand).replaceAll('<', '\\u003c');
  const css = brandCss(brand);
  const head = [
    `<link rel="icon" href="${escapeHtml(faviconHref(brand))}" />`,
    '<link rel="manifest" href="/manifest.webmanifest" />',
    css && `<style id="vigil-brand-css">${css}</style>`,
    `<script id="${BRAND_SCRIPT_ID}" type="application/json">${json}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="theme-color" content="[^"]*"/, `<meta name="theme-color" content="${accent}"`)
    .replace('</head>', `  ${head}\n  </head>`);
}

/** The PWA manifest of a brand's hosts: its name, colour and icons. */
export function webManifest(brand: PublicBrand) {
  const accent = brand.theme.accentColour ?? DEFAULT_BRAND_THEME.accentColour;
  return {
    name: brand.theme.title ?? brand.name,
    short_name: brand.name,
    start_url: '/',
    display: 'standalone',
    theme_color: accent,
    background_color: '#ffffff',
    icons: [
      { src: faviconHref(brand), sizes: '64x64', type: 'image/png' },
      {
        src: brand.logo ?? `/brands/${brand.id}/logo.png?v=${accent.slice(1)}`,
        sizes: '128x128',
        type: 'image/png',
      },
    ],
  };
}
