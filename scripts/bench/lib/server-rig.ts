import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  pickFreePorts,
  releasePorts,
  type SimCameraOptions,
  type Simulator,
  startSimulator,
} from '@vigil/simulator';
import pg from 'pg';
import { sleep } from './proc.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Cheap cameras, like the demo's: 720p, 10 fps, a keyframe every 2 s, 500 kbit/s. */
export const RIG_CAMERA: SimCameraOptions = { resolution: '720p', fps: 10, gopSec: 2, kbps: 500 };

export interface ServerRig {
  base: string;
  token: string;
  uidds: string[];
  sim: Simulator;
  /** Every server process the supervisor started, in order; the last is the one running. */
  pids: number[];
  /** The server's own log (stdout), outside the data directory. */
  logPath: string;
  /** Resolves when /health answers 200 (false after `ms`). */
  healthy(ms: number): Promise<boolean>;
  /** GET with the signed-in user's token. */
  get(path: string): Promise<Response>;
  /** SIGTERM to the supervisor (the server closes and indexes its open segments); SIGKILL after `ms`. */
  stopServer(ms?: number): Promise<{ graceful: boolean }>;
  stop(): Promise<void>;
}

/**
 * Ports: BENCH_SIM_PORTS=FROM-TO (default 18840-18899); the cameras take ports from the start of the range, the
 * server the first free one of its last ten.
 */
export function rigPorts(): [number, number] {
  const range = process.env.BENCH_SIM_PORTS?.split('-').map(Number);
  return range?.length === 2 && range.every((n) => Number.isInteger(n) && n > 0)
    ? (range as [number, number])
    : [18840, 18899];
}

/**
 * The server as `npm run serve` runs it (scripts/supervise.ts: restarted when it dies), on `dataDir`, with no demo
 * cameras; `cameras` simulated cameras in this process (they outlive a kill of the server), installed through the
 * API by a new user, and online before this resolves.
 */
export async function startServerRig(o: {
  name: string;
  cameras: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Inclusive port range (default `rigPorts()`). */
  ports?: [number, number];
  /** The simulated cameras (default `RIG_CAMERA`). */
  camera?: SimCameraOptions;
}): Promise<ServerRig> {
  const [from, to] = o.ports ?? rigPorts();
  // Leased (ports.ts) until stop(): the supervisor starts the server again on it after a kill.
  const [port] = await pickFreePorts(1, '127.0.0.1', [to - 9, to]);
  const sim = await startSimulator({
    cameras: o.cameras,
    defaults: o.camera ?? RIG_CAMERA,
    portRange: [from, to - 10],
  });
  const logPath = join(tmpdir(), `vigil-bench-${o.name}-${process.pid}.log`);
  const log = createWriteStream(logPath);
  const supervisor: ChildProcess = spawn(process.execPath, ['scripts/supervise.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl ?? '',
      DEMO_CAMERAS: '0',
      LOG_LEVEL: 'warn',
      SECRET_KEY: 'bench secret key, long enough for the server ok',
      SUPPORT_PASSWORD: 'bench support password',
      // One token for the whole run, whatever its length.
      AUTH_TOKEN_TTL_SEC: '86400',
      // A small data disk (the chaos bench's tmpfs): keep a tenth free, and a small reserve for the database,
      // so the watermark deletes old footage instead of pausing recording from the start (decision 0208).
      STORAGE_MIN_FREE_GB: '0',
      STORAGE_MIN_FREE_PERCENT: '10',
      STORAGE_DB_RESERVE_MB: '8',
    },
  });
  const pids: number[] = [];
  supervisor.stdout?.pipe(log);
  supervisor.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    log.write(chunk);
    for (const m of chunk.matchAll(/supervise: server pid (\d+)/g)) pids.push(Number(m[1]));
  });
  const base = `http://127.0.0.1:${port}`;
  const healthy = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const ok = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return true;
      await sleep(100);
    }
    return false;
  };
  if (!(await healthy(60_000))) throw new Error(`the server did not start (log: ${logPath})`);

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
  // An unconfirmed account may not add cameras (decision 0009): confirm it with the e-mailed link, as its owner.
  await post('/account/verify-email', await confirmationOf(o.dataDir, o.databaseUrl, account.email));
  const token = (await post('/login?rememberme=true', account)).authToken as string;
  const uidds: string[] = [];
  for (const [i, cam] of sim.cameras.entries())
    uidds.push((await post('/cameras', { url: cam.urls.main, name: `Bench ${i}` }, token)).uidd as string);
  const get = (path: string) =>
    fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
  const statusPath = `/cameras/status?${uidds.map((u) => `uidd[]=${u}`).join('&')}`;
  for (let i = 0; ; i++) {
    const json = (await (await get(statusPath)).json()) as { result: { devices: Array<{ status: string }> } };
    if (json.result.devices.filter((d) => d.status === 'online').length === uidds.length) break;
    if (i > 600) throw new Error(`the cameras did not come online (log: ${logPath})`);
    await sleep(100);
  }

  const stopServer = async (ms = 30_000) => {
    if (supervisor.exitCode !== null || supervisor.signalCode !== null) return { graceful: false };
    const exited = new Promise((r) => supervisor.once('exit', r));
    supervisor.kill('SIGTERM');
    const graceful = await Promise.race([exited.then(() => true), sleep(ms).then(() => false)]);
    if (!graceful) {
      // The running server (earlier pids are dead, and may be reused by now).
      const last = pids.at(-1);
      if (last) killQuietly(last);
      supervisor.kill('SIGKILL');
      await exited;
    }
    return { graceful };
  };
  return {
    base,
    token,
    uidds,
    sim,
    pids,
    logPath,
    healthy,
    get,
    stopServer,
    async stop() {
      await stopServer();
      await sim.stop();
      releasePorts([port as number]);
      log.end();
    },
  };
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** Resident memory (kB) and open file descriptors of a process, from /proc. */
export function procUsage(pid: number): { rssKb: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return { rssKb, fds: readdirSync(`/proc/${pid}/fd`).length };
}

const CONFIRM_SQL = (p: string) =>
  `SELECT body_text FROM outbox WHERE to_address = ${p} AND subject = 'Confirm your e-mail address' ORDER BY created_at DESC LIMIT 1`;

/** The text of the newest confirmation e-mail to `email` in the server's outbox (no SMTP here), if written yet. */
async function confirmationText(dataDir: string, databaseUrl: string | undefined, email: string) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ body_text: string }>(CONFIRM_SQL('$1'), [email])).rows[0]?.body_text;
    } finally {
      await client.end();
    }
  }
  const db = new DatabaseSync(join(dataDir, 'vigil.sqlite'), { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 2000');
    return (db.prepare(CONFIRM_SQL('?')).get(email) as { body_text: string } | undefined)?.body_text;
  } finally {
    db.close();
  }
}

/** The confirmation link's parameters, as the account's owner would open them. */
export async function confirmationOf(
  dataDir: string,
  databaseUrl: string | undefined,
  email: string,
): Promise<{ uid: string; v: string }> {
  for (let i = 0; i < 100; i++) {
    const link = (await confirmationText(dataDir, databaseUrl, email))?.match(
      /https?:\/\/\S+\/verify-email\?\S+/,
    )?.[0];
    if (link) {
      const q = new URL(link).searchParams;
      return { uid: q.get('uid') ?? '', v: q.get('v') ?? '' };
    }
    await sleep(100);
  }
  throw new Error(`no confirmation e-mail for ${email}`);
}
