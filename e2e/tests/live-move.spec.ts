import { expect, type Page, test, type WebSocket } from '@playwright/test';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { hashPassword } from '../../apps/server/src/features/auth/passwords.ts';
import { newUserRow, UsersRepository } from '../../apps/server/src/features/auth/users-repository.ts';
import {
  type FleetProcess,
  healthy,
  installCameras,
  postgresUp,
  startRecorders,
  stopFleet,
} from '../../apps/server/src/features/fleet/testing.ts';
import { OwnNatsServer } from '../../apps/server/src/testing/nats.ts';
import { E2E_PORT } from '../env.ts';
import { startOwnServer, stopOwnServers } from '../own-server.ts';
import { CamerasPage } from '../pages/cameras-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/**
 * The web app follows a camera's move (decision 0616) in Chromium: a fleet of its own on loopback (a PostgreSQL
 * database, one nats-server, one `ROLE=server` serving the built web app, two `ROLE=recorder` processes, one
 * simulated camera); the person watches the camera on /cameras/:uidd, the recorder holding it is drained (SIGTERM),
 * and the same player goes on showing frames, now from the other recorder, without a reload.
 * Ports: the server at E2E_PORT+120, recorders +121 and +122, NATS +123, the camera in E2E_PORT+130…+149 (apart
 * from billing-stripe.spec's +70 and +80, which may run at the same time in another worker).
 */
const SERVER_PORT = E2E_PORT + 120;
const RECORDER_PORTS = [E2E_PORT + 121, E2E_PORT + 122] as const;
const NATS_PORT = E2E_PORT + 123;
const TTL_SEC = 6;

const pgUp = await postgresUp();
test.skip(!pgUp, 'needs PostgreSQL for a fleet');

let db: TestDb;
let nats: OwnNatsServer;
let sim: Simulator;
const procs: FleetProcess[] = [];
let server: FleetProcess;
let recorders: FleetProcess[] = [];
let person = { email: '', password: '' };
let uidd = '';

/** A person as the product makes one (e-mail confirmed), in the fleet's database. */
async function createPerson(): Promise<{ email: string; password: string }> {
  const uid = `mover${Date.now().toString(36)}`;
  const email = `${uid}@example.com`;
  const password = 'correct horse mover staple';
  const now = Date.now();
  await new UsersRepository(db.db).createAccount(
    newUserRow({
      uid,
      email,
      password_hash: await hashPassword(password),
      account_type: 'u',
      region: 'local',
      created_at: now,
      email_verified_at: now,
    }),
    { id: `org-${uid}`, owner_uid: uid, name: email, cloud_storage_duration: 30, created_at: now },
    [],
  );
  return { email, password };
}

const holder = async (): Promise<string | null | undefined> =>
  (
    await db.db
      .selectFrom('camera_leases')
      .select('recorder_id')
      .where('camera_uidd', '=', uidd)
      .executeTakeFirst()
  )?.recorder_id;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  db = await createTestDb('postgres');
  nats = await OwnNatsServer.start(NATS_PORT);
  const env = { DATABASE_URL: db.url as string, NATS_URL: nats.url, LEASE_TTL_SEC: String(TTL_SEC) };
  const simulating = startSimulator({
    cameras: [{ gopSec: 1, fps: 10 }],
    portRange: [E2E_PORT + 130, E2E_PORT + 149],
  });
  server = await startOwnServer('server', SERVER_PORT, { ...env, ROLE: 'server' });
  recorders = startRecorders(RECORDER_PORTS, env);
  procs.push(...recorders);
  await Promise.all(recorders.map((r) => healthy(r)));
  sim = await simulating;
  person = await createPerson();
  const installed = await installCameras(
    { createUser: async () => person },
    [server.url],
    [sim.cameras[0]!.urls.main],
    'Yard',
  );
  uidd = installed.uidds[0]!;
  await expect.poll(holder, { timeout: 45_000 }).toBeTruthy();
});

test.afterAll(async () => {
  await stopFleet(procs);
  await stopOwnServers();
  await sim?.stop();
  await nats?.stop();
  await db?.destroy();
});

/** Every live WebSocket the page opens, with the binary messages (frames) each has received. */
interface LiveSocket {
  url: string;
  frames: number;
  /** When its first binary message (a frame) came, epoch ms. */
  firstFrameAt?: number;
  closed: boolean;
}

function liveSockets(page: Page): LiveSocket[] {
  const seen: LiveSocket[] = [];
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().includes('/live/')) return;
    const entry: LiveSocket = { url: ws.url(), frames: 0, closed: false };
    seen.push(entry);
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string') return;
      entry.frames += 1;
      entry.firstFrameAt ??= Date.now();
    });
    ws.on('close', () => {
      entry.closed = true;
    });
  });
  return seen;
}

test('the live player goes on showing the camera when its recorder is drained', async ({ page }) => {
  test.setTimeout(120_000);
  const sockets = liveSockets(page);
  const signIn = new SignInPage(page);
  await page.goto(`${server.url}/sign-in`);
  await signIn.signIn(person.email, person.password);
  await expect(signIn.heading).toHaveCount(0, { timeout: 15_000 });
  await page.goto(`${server.url}/cameras/${uidd}`);
  const cameras = new CamerasPage(page);
  const video = cameras.video();
  await cameras.expectPlaying(video);

  const leavingId = await holder();
  const leaving = recorders.find((r) => r.name === leavingId)!;
  const staying = recorders.find((r) => r !== leaving)!;
  expect(sockets.at(-1)?.url).toContain(`127.0.0.1:${leaving.port}/live/${uidd}/`);
  // A mark on this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { beforeTheMove: true }));
  const termAt = Date.now();
  leaving.child.kill('SIGTERM');

  // The player opens the camera on the recorder that took it (told by liveMoved, 0616) and receives its frames…
  const onStaying = () => sockets.find((s) => s.url.includes(`127.0.0.1:${staying.port}/live/${uidd}/`));
  await expect.poll(() => onStaying()?.frames ?? 0, { timeout: 3 * TTL_SEC * 1000 }).toBeGreaterThan(5);
  const framesAfterMs = (onStaying()?.firstFrameAt ?? 0) - termAt;
  // …and once the drained recorder has gone (its stream with it), the same video element goes on showing the new
  // recorder's frames: its clock moves on, in the same document (no reload).
  expect(await leaving.exited).toBe(0);
  const exitedMs = Date.now() - termAt;
  await expect
    .poll(() => sockets.filter((s) => s.url.includes(`:${leaving.port}/`)).every((s) => s.closed))
    .toBe(true);
  await cameras.expectPlaying(video, 2);
  expect(onStaying()?.closed).toBe(false);
  expect(await page.evaluate(() => 'beforeTheMove' in window)).toBe(true);
  expect(await holder()).toBe(staying.name);
  console.log(
    `live move in Chromium: frames from ${staying.name} ${framesAfterMs} ms after the SIGTERM of ${leaving.name}, ` +
      `which exited ${exitedMs} ms after it (lease ${TTL_SEC} s)`,
  );
});
