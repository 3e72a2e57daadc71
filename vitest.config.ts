import { defineConfig } from 'vitest/config';

/**
 * Four files at once (decision 0022). Most of the suite's time is real video going by (simulated cameras, ffmpeg,
 * a recorder) and waiting on it, not computing: with Vitest's default here (cores - 1, one file at a time on two
 * cores) the waits add up. Every file that uses ports leases them (scripts/simulator/ports.ts) and works in its own
 * temporary folders and databases. Both projects must say the same number (Vitest runs them side by side).
 */
const WORKERS = 4;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/recorder/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The web app's own config (jsdom, its plugins).
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', maxWorkers: WORKERS } },
    ],
  },
});
