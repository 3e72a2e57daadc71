import { resolve } from 'node:path';
import {
  type FleetProcess,
  healthy,
  startMain,
  stopFleet,
} from '../apps/server/src/features/fleet/testing.ts';

/** A spec's own server process (its url, data directory, kept output). */
export type OwnServer = FleetProcess;

/**
 * How long a spec's own server may take to answer /health: on a loaded machine (two cores, three workers, other
 * suites' servers) it has taken over a minute. A spec's beforeAll allows for it (`test.setTimeout(OWN_SERVER_HOOK_MS)`).
 */
const START_MS = 120_000;
export const OWN_SERVER_HOOK_MS = START_MS + 30_000;

/** The built web app (`npm run build`), served by a spec's own servers as `npm start` serves it. */
export const WEB_APP = resolve(import.meta.dirname, '../apps/web/dist');

/**
 * The servers this worker started and has not stopped: stopped by `stopOwnServers` even when a timed-out beforeAll
 * never got the process back (else it would live on, holding its port, and answer the next run's /health).
 */
const running = new Set<OwnServer>();

/**
 * A server of a spec's own: `npm start`'s (`apps/server/src/main.ts`) at http://127.0.0.1:<port> on a fresh data
 * directory, serving the built web app, with no recorder and no demo cameras unless `env` says otherwise; resolved
 * once it answers /health. For a configuration the shared e2e server must not have (a sign-in provider, a payment
 * provider, a region of its own). Its output is kept (FLEET_TEST_DUMP=1 prints it when stopped).
 */
export async function startOwnServer(
  name: string,
  port: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  // Something already there would answer /health for it: a leftover of an earlier run, or another suite's port.
  if (await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))
    throw new Error(`${name}: port ${port} is in use already`);
  const server = startMain(name, port, { WEB_DIST: WEB_APP, RECORDER_ENABLED: 'false', ...env });
  running.add(server);
  try {
    await healthy(server, START_MS);
  } catch (err) {
    await stopOwnServers();
    throw err;
  }
  return server;
}

/** Stops every server this worker started (by their pids) and removes their data directories. */
export async function stopOwnServers(): Promise<void> {
  const servers = [...running];
  running.clear();
  await stopFleet(servers);
}
