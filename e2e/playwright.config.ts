import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_SELF_REG_INSTALLER_ID, E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from './env.ts';

const root = resolve(import.meta.dirname, '..');
// A fresh data directory per run: the real server on SQLite, started exactly as `npm start` starts it. Workers load
// this file again; the environment carries the runner's directory to them (fixtures reach the same database).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  // Three files at a time (decision 0022): each worker signs up its own accounts and records its own cameras
  // (fixtures.ts, recordings.ts), simulated cameras lease their ports, and the shared server, demo camera and
  // support account are only read. A file's tests stay together, in order, in one worker.
  fullyParallel: false,
  workers: 3,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // Generous: CI machines have two cores, and screens wait on real servers, ffmpeg and a camera simulator.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // The app's service worker caches its shell (decision 0861): a worker answering the page and its code would hide
    // them from page.route and from the timings the suites read. Its own specs allow it (offline-shell,
    // notification-settings).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
      SUPPORT_PASSWORD: E2E_SUPPORT_PASSWORD,
      LOG_LEVEL: 'warn',
      SELF_REG_INSTALLER_IDS: E2E_SELF_REG_INSTALLER_ID,
      // The suites sign in, register and refresh far more often than people; the limits have their own unit tests.
      LOGIN_MAX_PER_MIN: '10000',
      REGISTER_MAX_PER_IP_PER_HOUR: '10000',
      REFRESH_MAX_PER_IP_PER_MIN: '10000',
      LOSTPASSWORD_MAX_PER_IP_PER_HOUR: '10000',
      SHARE_LOOKUPS_MAX_PER_IP_PER_MIN: '10000',
      // One demo camera (the live suite watches it as a newcomer would), on ports apart from the live suite's own.
      DEMO_CAMERAS: '1',
      DEMO_CAMERAS_PORT: process.env.E2E_DEMO_CAMERAS_PORT ?? String(E2E_PORT + 260),
    },
  },
});
