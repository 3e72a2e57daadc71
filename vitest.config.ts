import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { InterleavedSequencer } from './scripts/vitest-sequencer.ts';

/**
 * Four files at once (decision 0022). Most of the suite's time is real video going by (simulated cameras, ffmpeg,
 * a recorder) and waiting on it, not computing: with Vitest's default here (cores - 1, one file at a time on two
 * cores) the waits add up. Every file that uses ports leases them (scripts/simulator/ports.ts) and works in its own
 * temporary folders and databases. Projects run together must say the same number (Vitest runs them side by side).
 */
const WORKERS = 4;

const NODE_TESTS = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/recorder/src/**/*.test.ts',
  'scripts/**/*.test.ts',
];

/**
 * Node test files that run real time-bound parts or heavy computing: simulated cameras, ffmpeg, a recorder, other
 * processes (NATS, server roles), the detectors. They make the `video` project, which `npm test` runs on its own;
 * the rest (`node`: the app through inject on SQLite and PostgreSQL, pure modules) and `web` run beside the
 * end-to-end suite (decision 0023). Read from each file's own text, so a new file is placed without a list to keep.
 */
const VIDEO =
  /@vigil\/simulator|startSimulator|recorderFixture|recordSample|ffmpeg|ffprobe|new Recording\(|startRecorders|startMain|OwnNatsServer|spawn\(|execFile|node:child_process|@vigil\/recorder|Recogniser|labels\/testing/;
const videoFiles = globSync(NODE_TESTS).filter((file) => VIDEO.test(readFileSync(file, 'utf8')));

const node = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // The video files spread through the run instead of all at its end (decision 0888).
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      { test: { name: 'video', include: videoFiles, ...node } },
      {
        test: { name: 'node', include: NODE_TESTS, exclude: ['**/node_modules/**', ...videoFiles], ...node },
      },
      // The web app's own config (jsdom, its plugins).
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', maxWorkers: WORKERS } },
    ],
  },
});
