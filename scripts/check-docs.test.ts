import { describe, expect, it } from 'vitest';
import { missingPaths, pathsNamed } from './check-docs.ts';

describe('check-docs', () => {
  it('takes backticked paths with the folder their section names, and leaves routes, commands and names', () => {
    const md = [
      '# Vigil',
      'Built in `apps/web/dist`; `features/<area>/`; `GET /health`; `/getthumb`; `npm run check`; `DATA_DIR`;',
      '`app.routeTable`; `config.ts`; `../shared/spec/`.',
      '## Server layout (`apps/server/src`)',
      '- `http/auth-guard.ts`, `storage/`, `shared/ui/CameraChecklist`.',
    ].join('\n');
    expect(pathsNamed(md)).toEqual([
      { path: 'apps/web/dist', under: '' },
      { path: 'config.ts', under: '' },
      { path: '../shared/spec/', under: '' },
      { path: 'http/auth-guard.ts', under: 'apps/server/src' },
      { path: 'storage/', under: 'apps/server/src' },
      { path: 'shared/ui/CameraChecklist', under: 'apps/server/src' },
    ]);
  });

  it('finds paths from the root, below their section folder, anywhere, or without their extension', () => {
    const tree = new Set([
      'apps',
      'apps/recorder/src/storage',
      'apps/server',
      'apps/server/src',
      'apps/server/src/config.ts',
      'apps/server/src/http',
      'apps/server/src/http/auth-guard.ts',
      'apps/web/src/shared/ui/CameraChecklist.tsx',
    ]);
    const server = 'apps/server/src';
    const named = [
      { path: 'apps/server/src/', under: '' },
      { path: 'http/auth-guard.ts', under: server },
      { path: 'config.ts', under: '' },
      { path: 'shared/ui/CameraChecklist', under: '' },
      { path: 'storage/', under: '' },
      // Missing: gone, under the wrong root, elsewhere than its section says, outside the repository.
      { path: 'http/rate-limits.ts', under: server },
      { path: 'apps/src/config.ts', under: '' },
      { path: 'storage/', under: server },
      { path: '../shared/spec/', under: '' },
    ];
    expect(missingPaths(named, tree)).toEqual(named.slice(5));
  });
});
