import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Simulator, type SimulatorOptions, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll } from 'vitest';
import { Recording, type RecordingOptions } from '../features/recording/recording.ts';
import type { TestAppOptions } from './harness.ts';

/** The recorder's timings for tests: a lost camera is noticed and retried within seconds, no background jobs. */
export const TEST_RECORDER_TIMINGS = {
  stallTimeoutMs: 4000,
  rtspTimeoutMs: 3000,
  backoffInitialMs: 300,
  backoffMaxMs: 2000,
  stillIntervalMs: 0,
  retentionIntervalMs: 0,
} as const satisfies RecordingOptions['tuning'];

/** The fixture's: those timings, and a stream nobody records stops 0.3 s after its last viewer. */
export const TEST_RECORDER_TUNING = {
  ...TEST_RECORDER_TIMINGS,
  liveLingerMs: 300,
} as const satisfies RecordingOptions['tuning'];

export type RecorderTuning = NonNullable<RecordingOptions['tuning']>;

export interface RecorderFixture {
  /** `describeEachDb`'s env: a fresh data directory per database, removed after the file. */
  env: () => { DATA_DIR: string };
  /** `describeEachDb`'s options: the real recorder (a Recording) writing into that database's data directory. */
  options: () => TestAppOptions;
  /**
   * Starts a simulator before the tests of the scope this is called in (the file, or one database's describe) and
   * stops it after them; the returned function reads it inside hooks and tests.
   */
  simulator(options: SimulatorOptions, timeoutMs?: number): () => Simulator;
}

/**
 * The real recorder wired into a test app on each database (`describeEachDb(name, body, rec.env, rec.options)`),
 * with simulated cameras for it to record. `name` names the temporary folders; `tuning` is added to
 * TEST_RECORDER_TUNING, `app` to the app's options. Call it at the top of a test file.
 */
export function recorderFixture(
  name: string,
  o: { tuning?: RecorderTuning; liveHoldMs?: number; app?: Omit<TestAppOptions, 'recording'> } = {},
): RecorderFixture {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });
  return {
    env: () => {
      const dir = mkdtempSync(join(tmpdir(), `vigil-${name}-`));
      dataDirs.push(dir);
      return { DATA_DIR: dir };
    },
    // describeEachDb calls env first, then options: the recorder writes where that database's app reads.
    options: () => ({
      ...o.app,
      recording: new Recording({
        dataDir: dataDirs.at(-1) as string,
        liveHoldMs: o.liveHoldMs ?? 500,
        tuning: { ...TEST_RECORDER_TUNING, ...o.tuning },
      }),
    }),
    simulator(options, timeoutMs) {
      let sim: Simulator | undefined;
      beforeAll(async () => {
        sim = await startSimulator(options);
      }, timeoutMs);
      afterAll(() => sim?.stop());
      return () => {
        if (!sim) throw new Error('simulator not started');
        return sim;
      };
    },
  };
}
