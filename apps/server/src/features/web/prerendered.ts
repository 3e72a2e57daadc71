import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Screens' shells rendered at build (scripts/web-prerender.ts, dist/prerendered.json; decision 0885): the layout,
 * heading and placeholders of a screen, put in its page in place of the spinner, so the heading paints from the page
 * alone. Per language; the brand's name is a slot filled here.
 */
export interface Prerendered {
  slot: string;
  /** `branded`: drawn with the product's mark and background, so only for a brand that looks so. */
  routes: { paths: string[]; branded?: boolean; html: Record<string, string> }[];
}

/** Where the built page keeps the spinner the shell replaces (apps/web/index.html). */
const SPINNER = /<!--shell-->[\s\S]*?<!--\/shell-->/;
const BRAND_BLOCK = /<script id="vigil-brand" type="application\/json">([\s\S]*?)<\/script>/;
const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/** Fast enough per request (~1 ms for the page), within a few percent of the best ratio on HTML and CSS. */
const PAGE_BROTLI_QUALITY = 5;

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The build's shells, or none (an older build, or a test's dist without them). */
export function readPrerendered(distDir: string): Prerendered | undefined {
  const file = join(distDir, 'prerendered.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Prerendered;
}

/** The first of `offered` the browser asks for (Accept-Language, by weight then order); English otherwise. */
export function preferredLanguage(accept: string | undefined, offered: readonly string[]): string {
  const asked = (accept ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: Number.isNaN(q) ? 0 : q, i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return asked.find((l) => offered.includes(l.base))?.base ?? 'en';
}

interface PageBrand {
  name?: string;
  logo?: string;
  appLayoutLogo?: string;
  theme?: { gradients?: string[] };
}

/**
 * The page with `path`'s shell in place of the spinner, in the browser's language; a branded shell only when the
 * page's brand looks as it was drawn: the product's mark (no logo of its own) and the default background (fewer
 * than two gradient stops). Other brands, paths and pages keep the spinner.
 */
export function withShell(page: string, map: Prerendered | undefined, path: string, accept?: string): string {
  const route = map?.routes.find((r) => r.paths.includes(path));
  if (!map || !route || !SPINNER.test(page)) return page;
  const block = BRAND_BLOCK.exec(page)?.[1];
  const brand: PageBrand = block ? (JSON.parse(block) as PageBrand) : {};
  const ownLook = brand.logo || brand.appLayoutLogo || (brand.theme?.gradients?.length ?? 0) >= 2;
  if (route.branded && ownLook) return page;
  const html = route.html[preferredLanguage(accept, Object.keys(route.html))];
  if (!html) return page;
  // The path it was put in for: the service worker keeps the last page for every path (offline), and the app drops a
  // shell found on another one.
  const shell = html
    .replaceAll(map.slot, escapeHtml(brand.name ?? 'Vigil'))
    .replace('data-prerendered=', `data-path="${escapeHtml(path)}" data-prerendered=`);
  return page.replace(SPINNER, () => `<!--shell-->${shell}<!--/shell-->`);
}

/**
 * The page with its stylesheet inline: the one file that held up the first paint, a round trip less under
 * Lighthouse's throttling (7.7 KB brotli in the page). A file missing from the build keeps its link.
 */
export function withInlineStylesheet(html: string, distDir: string): string {
  return html.replace(STYLESHEET, (link, href: string) => {
    const file = join(distDir, href);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    return css.includes('</style') ? link : `<style>${css}</style>`;
  });
}

/**
 * The page compressed as the browser accepts (brotli, else gzip), or as it is. A page is answered from the hook that
 * sees unmatched paths, which the compression plugin does not reach; with its stylesheet inline it is ~50 KB raw.
 */
export function compressedPage(
  page: Buffer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted))
    return {
      body: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }),
      encoding: 'br',
    };
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(page), encoding: 'gzip' };
  return { body: page };
}
