import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { isPortFree, type SimCameraOptions, type Simulator, startSimulator } from '@vigil/simulator';
import { sleep } from './proc.ts';
import { confirmationOf } from './server-rig.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The Chromium flags of STACK.md. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Benchmarks measure video, not the autoplay policy.
  '--autoplay-policy=no-user-gesture-required',
];

export interface LiveRig {
  base: string;
  sim: Simulator;
  uidd: string;
  /** The signed-in user's token, and the server process's pid. */
  token: string;
  pid: number;
  /** A call to the server as the signed-in user: the answer's JSON, or a throw with its status and text. */
  call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Record<string, unknown>>;
  browser: Browser;
  /** A signed-in page (the login is in its storage, as after signing in). */
  page: Page;
  stop(): Promise<void>;
}

/**
 * The real thing for the live benchmarks: the server process as `npm start` runs it (recorder in process, no demo
 * cameras), one simulated camera installed through the API by a new user, and Debian's Chromium signed in.
 */
export async function startLiveRig(
  camera: SimCameraOptions,
  ports: [number, number] = [18800, 18839],
): Promise<LiveRig> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html')))
    execFileSync('npm', ['run', 'build', '-w', '@vigil/web'], { cwd: ROOT, stdio: 'inherit' });
  // BENCH_SIM_PORTS=19800-19839: another range (several checkouts benchmarking on one machine).
  const range = process.env.BENCH_SIM_PORTS?.split('-').map(Number);
  if (range?.length === 2 && range.every((n) => Number.isInteger(n) && n > 0))
    ports = range as [number, number];
  const sim = await startSimulator({ cameras: [camera], portRange: ports });
  let port = 18570;
  while (!(await isPortFree(port, '127.0.0.1'))) port += 1;
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-live-'));
  // BENCH_SERVER_LOG=FILE: the server's log at info level goes there (what a benchmark's server did).
  const logFile = process.env.BENCH_SERVER_LOG;
  const server: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CAMERAS: '0',
      LOG_LEVEL: logFile ? 'info' : 'warn',
      SUPPORT_PASSWORD: 'bench support password',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  // A rig that fails to set up leaves no server behind (a later run would find its port taken).
  const { login, token, uidd } = await signedUpWithCamera(base, dataDir, sim.cameras[0]!.urls.main).catch(
    async (err: unknown) => {
      server.kill('SIGKILL');
      await sim.stop();
      throw err;
    },
  );
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await page.goto('/permission-levels');
  await page.getByRole('heading', { name: 'Permission levels' }).waitFor();
  await page.evaluate((l) => {
    localStorage.setItem('login', JSON.stringify(l));
    localStorage.setItem('lastTokenRefresh', String(Date.now()));
  }, login);
  return {
    base,
    sim,
    uidd,
    token,
    pid: server.pid!,
    call: callerOf(base, token),
    browser,
    page,
    async stop() {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await sim.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for the server, then a new user, confirmed, with the camera at `url` installed and online. */
async function signedUpWithCamera(
  base: string,
  dataDir: string,
  url: string,
): Promise<{ login: Record<string, unknown>; token: string; uidd: string }> {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error('the server did not start');
    await sleep(100);
  }
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const account = { email: `bench-${Date.now()}@bench.example`, password: 'bench password 123' };
  await post('/account/register?caller=web', { ...account, subscriberType: 'enduser', caller: 'web' });
  const login = await post('/login?rememberme=true', account);
  const token = login.authToken as string;
  // An unconfirmed account may not add cameras (decision 0009): confirm it with the e-mailed link, as its owner.
  await post('/account/verify-email', await confirmationOf(dataDir, undefined, account.email));
  const cam = await post('/cameras', { url: url, name: 'Bench' }, token);
  const uidd = cam.uidd as string;
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}/cameras/status?uidd[]=${uidd}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const json = (await res.json()) as { result: { devices: Array<{ status: string }> } };
    if (json.result.devices[0]?.status === 'online') break;
    if (i > 300) throw new Error('the camera did not come online');
    await sleep(100);
  }
  return { login, token, uidd };
}

/** Calls to the server as the holder of `token`: the answer's JSON, or a throw with its status and text. */
function callerOf(base: string, token: string): LiveRig['call'] {
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
}

export function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
