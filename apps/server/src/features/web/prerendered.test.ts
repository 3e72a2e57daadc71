import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compressedPage,
  type Prerendered,
  preferredLanguage,
  withInlineStylesheet,
  withShell,
} from './prerendered.ts';

const SPINNER = '<!--shell--><div class="spin"></div><!--/shell-->';
const page = (brand?: object) =>
  `<html><head>${brand ? `<script id="vigil-brand" type="application/json">${JSON.stringify(brand)}</script>` : ''}</head><body><div id="root">${SPINNER}</div></body></html>`;
const map: Prerendered = {
  slot: '%B%',
  routes: [
    {
      paths: ['/sign-in'],
      branded: true,
      html: { en: '<h1 data-prerendered="en">Sign in to %B%</h1>', fr: '<h1>Connexion à %B%</h1>' },
    },
    { paths: ['/demo/events'], html: { en: '<p>Demo</p>' } },
  ],
};

describe("a screen's shell in its page (decision 0885)", () => {
  it("puts the path's shell in place of the spinner, in the browser's language, with the brand's name", () => {
    expect(withShell(page({ name: 'Vigil' }), map, '/sign-in', 'en-GB,en;q=0.9')).toContain(
      '<div id="root"><!--shell--><h1 data-path="/sign-in" data-prerendered="en">Sign in to Vigil</h1><!--/shell--></div>',
    );
    expect(withShell(page({ name: 'A&B <x>' }), map, '/sign-in', 'de-DE, fr;q=0.8, en;q=0.5')).toContain(
      '<h1>Connexion à A&amp;B &lt;x&gt;</h1>',
    );
    // A page built without a brand block is the main brand's.
    expect(withShell(page(), map, '/sign-in', undefined)).toContain('>Sign in to Vigil</h1>');
  });

  it('keeps the spinner on other paths and for a brand drawn otherwise (its logo, its gradient)', () => {
    expect(withShell(page({ name: 'V' }), map, '/sign-in/x', 'en')).toContain(SPINNER);
    expect(withShell(page({ name: 'V' }), map, '/cameras', 'en')).toContain(SPINNER);
    expect(withShell(page({ name: 'V', logo: '/l.png' }), map, '/sign-in', 'en')).toContain(SPINNER);
    expect(withShell(page({ name: 'V', appLayoutLogo: '/l.png' }), map, '/sign-in', 'en')).toContain(SPINNER);
    const gradient = { name: 'V', theme: { gradients: ['#000000', '#ffffff'] } };
    expect(withShell(page(gradient), map, '/sign-in', 'en')).toContain(SPINNER);
    expect(withShell(page({ name: 'V' }), undefined, '/sign-in', 'en')).toContain(SPINNER);
    // A shell without the brand's look is every brand's.
    expect(withShell(page({ name: 'V', logo: '/l.png' }), map, '/demo/events', 'fr')).toContain(
      '<p>Demo</p>',
    );
  });

  it('reads Accept-Language by weight, then order, and falls back to English', () => {
    const offered = ['en', 'fr'];
    expect(preferredLanguage('fr-CA,fr;q=0.9,en;q=0.8', offered)).toBe('fr');
    expect(preferredLanguage('de;q=1, en;q=0.2, fr;q=0.7', offered)).toBe('fr');
    expect(preferredLanguage('de, es', offered)).toBe('en');
    expect(preferredLanguage('fr;q=0, en', offered)).toBe('en');
    expect(preferredLanguage(undefined, offered)).toBe('en');
  });

  it('inlines the built stylesheet and compresses the page as the browser accepts', () => {
    const dist = mkdtempSync(join(tmpdir(), 'vigil-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-1.css'), 'body{color:red}');
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="stylesheet" href="/assets/gone.css"></head>';
    expect(withInlineStylesheet(html, dist)).toBe(
      '<head><style>body{color:red}</style><link rel="stylesheet" href="/assets/gone.css"></head>',
    );
    const raw = Buffer.from('<p>page</p>'.repeat(200));
    const br = compressedPage(raw, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
    const gz = compressedPage(raw, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(raw)).toBe(true);
    expect(compressedPage(raw, undefined)).toEqual({ body: raw });
  });
});
