import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_PG_ADMIN_URL } from '@vigil/db/testing';
import pg from 'pg';

/**
 * Test support for fleets of real processes (not a test file itself): `main.ts` started with an environment,
 * its output kept for the failure message, and stopped by its own pid only (other processes of the machine,
 * other agents' servers included, are never touched).
 */
const ROOT = resolve(import.meta.dirname, '../../../../..');
const NODE = join(ROOT, 'node_modules/.bin/node');

export interface FleetProcess {
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  log: string[];
}

/** Starts `node apps/server/src/main.ts` on 127.0.0.1:<port> with a data directory of its own. */
export function startMain(name: string, port: number, env: Record<string, string>): FleetProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `vigil-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(NODE, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_CAMERAS: '0',
      WEB_DIST: '/nonexistent',
      SUPPORT_PASSWORD: 'support-password-1',
      LOG_LEVEL: process.env.FLEET_TEST_LOG ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (b: Buffer) => log.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { name, port, url, dataDir, child, exited, log };
}

/** Waits until the process answers /health with 200; fails with its output otherwise. */
export async function healthy(p: FleetProcess, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) break;
    const res = await fetch(`${p.url}/health`).catch(() => undefined);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${p.name} did not start (exit ${p.child.exitCode})\n${p.log.join('').slice(-4000)}`);
}

/** SIGKILL to those still running (by their pid), then their data directories removed. */
export async function stopAll(procs: readonly FleetProcess[]): Promise<void> {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  for (const p of procs) rmSync(p.dataDir, { recursive: true, force: true });
}

/** `FLEET_TEST_DUMP=1`: what each process logged (warnings and errors at the default FLEET_TEST_LOG=warn); then stopAll. */
export async function stopFleet(procs: readonly FleetProcess[]): Promise<void> {
  if (process.env.FLEET_TEST_DUMP) for (const p of procs) console.log(`--- ${p.name}\n${p.log.join('')}`);
  await stopAll(procs);
}

/** JSON calls to one process with a bearer token. */
export function api(base: string, token?: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...extra,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const parse = async (res: Response) => {
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the endpoint answered
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json };
  };
  return {
    get: async (path: string) => parse(await fetch(`${base}${path}`, { headers: headers() })),
    post: async (path: string, body: unknown) =>
      parse(
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json' }),
          body: JSON.stringify(body),
        }),
      ),
  };
}

/** `ROLE=recorder` processes `rec-1`, `rec-2`… on these ports, each with its own public URL. */
export function startRecorders(ports: readonly number[], env: Record<string, string>): FleetProcess[] {
  return ports.map((port, i) => {
    const id = `rec-${i + 1}`;
    return startMain(id, port, {
      ...env,
      ROLE: 'recorder',
      RECORDER_ID: id,
      RECORDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
  });
}

/**
 * A user as the product makes one (e-mail confirmed), signed in at the first server and installing each camera
 * (its RTSP address) through the servers in turn, as `<label> <n>`: the user's token and the cameras' uidds.
 */
export async function installCameras(
  t: { createUser(): Promise<{ email: string; password: string }> },
  servers: readonly string[],
  urls: readonly string[],
  label: string,
): Promise<{ token: string; uidds: string[] }> {
  const { email, password } = await t.createUser();
  const login = await api(servers[0] as string).post('/login?rememberme=true', { email, password });
  if (login.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(login.json)}`);
  const token = login.json.authToken as string;
  const uidds: string[] = [];
  for (const [i, url] of urls.entries()) {
    const res = await api(servers[i % servers.length] as string, token).post('/cameras', {
      url,
      name: `${label} ${i}`,
    });
    if (res.status !== 201) throw new Error(`camera not installed: ${JSON.stringify(res.json)}`);
    uidds.push(res.json.uidd);
  }
  return { token, uidds };
}

/** Whether the test PostgreSQL answers (a fleet's processes need it: the fleet tests are skipped without it). */
export async function postgresUp(): Promise<boolean> {
  const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export { openRealtime, type SseEvent } from '../../testing/realtime.ts';
