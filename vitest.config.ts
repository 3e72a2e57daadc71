import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Several files at once (decision 0022). Most of the suite's time is real video going by (simulated cameras,
    // ffmpeg, a recorder) and waiting on it, not computing: with Vitest's default here (cores - 1 = one file at a
    // time on two cores) the waits add up. Four files share the two cores; every file that uses ports leases them
    // (scripts/simulator/ports.ts) and works in its own temporary folders and databases.
    maxWorkers: 4,
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
      'apps/web/vite.config.ts',
    ],
  },
});
