import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadLinks, readRoutePreloads, withPreloads } from './route-preloads.ts';

describe("a screen's lazy chunks named in its page (decision 0878)", () => {
  const map = {
    routes: [
      { paths: ['/sign-in'], files: ['/assets/SignInPage-abc.js', '/assets/login-def.js'] },
      { paths: ['/shared/'], files: ['/assets/SharedVideoPage-x1.js'] },
      { paths: ['/cameras'], files: ['/assets/bad name.js', 'https://elsewhere.example/x.js'] },
    ],
  };

  it('gives the listed path its links, a prefix path its subpaths, and other paths none', () => {
    expect(preloadLinks(map, '/sign-in')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/SignInPage-abc.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/login-def.js">',
    );
    expect(preloadLinks(map, '/shared/tok123')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/SharedVideoPage-x1.js">',
    );
    expect(preloadLinks(map, '/sign-in/more')).toBe('');
    expect(preloadLinks(map, '/shared')).toBe('');
    expect(preloadLinks(undefined, '/sign-in')).toBe('');
  });

  it('never puts a name other than a built asset in the page', () => {
    expect(preloadLinks(map, '/cameras')).toBe('');
  });

  it('inserts the links before </head>, and leaves a page without links as it was', () => {
    const page = Buffer.from('<html><head><title>t</title></head><body></body></html>');
    expect(withPreloads(page, '<link x>').toString()).toBe(
      '<html><head><title>t</title><link x></head><body></body></html>',
    );
    expect(withPreloads(page, '')).toBe(page);
  });

  it("reads the build's file, and none when the build has none", () => {
    const dist = mkdtempSync(join(tmpdir(), 'vigil-preloads-'));
    expect(readRoutePreloads(dist)).toBeUndefined();
    writeFileSync(join(dist, 'route-preloads.json'), JSON.stringify(map));
    expect(readRoutePreloads(dist)?.routes[0]?.files).toEqual([
      '/assets/SignInPage-abc.js',
      '/assets/login-def.js',
    ]);
  });
});
