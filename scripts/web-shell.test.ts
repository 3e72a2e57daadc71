import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHash, shellFiles, writeServiceWorker } from './web-shell.ts';

const manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_shell-B.js'],
    css: ['assets/index-C.css'],
    dynamicImports: ['src/Cameras.tsx'],
  },
  '_shell-B.js': { file: 'assets/shell-B.js', imports: ['_runtime-D.js'] },
  '_runtime-D.js': { file: 'assets/runtime-D.js' },
  'src/SignIn.tsx': {
    file: 'assets/SignIn-E.js',
    imports: ['_shell-B.js', '_Field-F.js'],
    assets: ['assets/logo-G.png'],
  },
  '_Field-F.js': { file: 'assets/Field-F.js' },
  'src/fr.ts': { file: 'assets/fr-H.js' },
  'src/Cameras.tsx': { file: 'assets/Cameras-I.js' },
};

describe('the service worker’s app shell (decision 0861)', () => {
  it('is the entry and the named lazy chunks with what they import, their styles and assets; not other screens', () => {
    expect(shellFiles(manifest, ['src/SignIn.tsx', 'src/fr.ts'])).toEqual([
      '/assets/Field-F.js',
      '/assets/SignIn-E.js',
      '/assets/fr-H.js',
      '/assets/index-A.js',
      '/assets/index-C.css',
      '/assets/logo-G.png',
      '/assets/runtime-D.js',
      '/assets/shell-B.js',
    ]);
    expect(() => shellFiles(manifest, ['src/Gone.tsx'])).toThrow(/not in the build's manifest/);
  });

  it('fills the worker’s SHELL line with the build hash and the files, again on a second run', () => {
    const dist = mkdtempSync(join(tmpdir(), 'vigil-sw-'));
    mkdirSync(join(dist, '.vite'));
    const text = JSON.stringify({
      ...manifest,
      'src/features/auth/components/SignInPage.tsx': manifest['src/SignIn.tsx'],
      'src/shared/i18n/fr.ts': manifest['src/fr.ts'],
    });
    writeFileSync(join(dist, '.vite/manifest.json'), text);
    writeFileSync(
      join(dist, 'sw.js'),
      "// head\nconst SHELL = { build: '', files: [] };\nconst CACHE = 1;\n",
    );
    expect(writeServiceWorker(dist)).toEqual({ build: buildHash(text), files: 8 });
    expect(writeServiceWorker(dist).files).toBe(8);
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    expect(buildHash(text)).toMatch(/^[0-9a-f]{16}$/);
    expect(sw).toContain(`const SHELL = {"build":"${buildHash(text)}","files":["/assets/Field-F.js",`);
    expect(sw.startsWith('// head\n')).toBe(true);
    expect(sw.endsWith('const CACHE = 1;\n')).toBe(true);
  });
});
