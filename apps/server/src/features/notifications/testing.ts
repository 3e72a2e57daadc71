import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { expect } from 'vitest';
import type { TestApp, TestAppOptions } from '../../testing/harness.ts';
import { Recording, type RecordingOptions } from '../recording/recording.ts';

/**
 * Test support for the online/offline suites (not a test file itself): the debounce they run with (production:
 * CAMERA_STATUS_DEBOUNCE_MS, 2 minutes), longer than a simulator camera's restart.
 */
export const STATUS_DEBOUNCE_MS = 6000;

/**
 * The environment and recorder of a `describeEachDb` suite whose real recorder tells online/offline changes: each
 * database run gets a data directory of its own (removed by `removeDirs`), mail to the given SMTP server, statuses
 * read every 200 ms and ffmpeg's timeouts short, so a stopped camera is seen offline within seconds.
 */
export function statusSuite(
  name: string,
  smtpUrl: string,
  make: (options: RecordingOptions) => Recording = (o) => new Recording(o),
): { env: () => Record<string, string>; options: () => TestAppOptions; removeDirs: () => void } {
  const dataDirs: string[] = [];
  return {
    env: () => {
      const dataDir = mkdtempSync(join(tmpdir(), `vigil-${name}-`));
      dataDirs.push(dataDir);
      return { DATA_DIR: dataDir, SMTP_URL: smtpUrl };
    },
    options: () => ({
      recording: make({
        dataDir: dataDirs.at(-1) as string,
        statusDebounceMs: STATUS_DEBOUNCE_MS,
        statusSweepMs: 200,
        tuning: {
          stallTimeoutMs: 4000,
          rtspTimeoutMs: 2000,
          backoffInitialMs: 300,
          backoffMaxMs: 1000,
          stillIntervalMs: 0,
          retentionIntervalMs: 0,
        },
      }),
    }),
    removeDirs: () => {
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** Installs the camera at `url` as "Front gate" for the signed-in owner; its uidd. */
export async function installFrontGate(t: TestApp, ownerToken: string, url: string): Promise<Uidd> {
  const installed = await t.call({
    method: 'POST',
    url: '/cameras',
    token: ownerToken,
    payload: { url, name: 'Front gate' },
  });
  expect(installed.status, JSON.stringify(installed.json)).toBe(201);
  return installed.json.uidd as Uidd;
}
