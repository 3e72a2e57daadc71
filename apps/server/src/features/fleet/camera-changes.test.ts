import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { type DbHandle, openDb } from '@vigil/db';
import { SegmentsRepository } from '@vigil/recorder';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type NatsMessaging, openNatsMessaging } from '../../messaging.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { OwnNatsServer } from '../../testing/nats.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import type { CameraChange } from '../cameras/tasks.ts';
import { insertCamera } from '../cameras/testing.ts';
import { Recording } from '../recording/recording.ts';
import { leaseHolders, liveRecorderIds } from './module.ts';

/**
 * Camera changes made on a fleet's server reach the recorder holding the camera at once, over NATS (decision 0611),
 * not at its next lease check: a server (no recorder) and two recorder apps (ROLE=recorder, their own Recording)
 * on one PostgreSQL and a NATS of the test's own. The lease is 60 s, so the lease sync runs every 20 s: anything
 * seen within 2 s came by message.
 */
const NATS_PORT = 19700;
const TTL_SEC = 60;
const log = pino({ level: 'silent' });

/** A Recording that also keeps the changes it was told. */
class SpyRecording extends Recording {
  readonly heard: CameraChange[] = [];
  override cameraChanged(change: CameraChange): void {
    this.heard.push(change);
    super.cameraChanged(change);
  }
}

interface RecorderApp {
  id: string;
  app: FastifyInstance;
  db: DbHandle;
  recording: SpyRecording;
  messaging: NatsMessaging;
  dataDir: string;
}

const until = async <T>(what: string, f: () => Promise<T | false> | T | false, ms = 2000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

let nats: OwnNatsServer;
let server: TestApp;
let serverMessaging: NatsMessaging;
let owner: SignedIn;
const recorders: RecorderApp[] = [];
const dirs: string[] = [];

async function startRecorder(id: string, port: number): Promise<RecorderApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `vigil-${id}-`));
  dirs.push(dataDir);
  const db = openDb({ sqlitePath: '', databaseUrl: server.db.url as string, poolSize: 4 });
  const recording = new SpyRecording({ dataDir, recorderId: id, tuning: { retentionIntervalMs: 0 } });
  const messaging = await openNatsMessaging(nats.url, { name: id, log });
  messaging.serveTasks(id, recording.integrations.tasks, recording.integrations.statusProvider);
  const app = await buildApp({
    natsStatus: messaging.status,
    config: loadConfig({
      ROLE: 'recorder',
      DATABASE_URL: server.db.url as string,
      RECORDER_ID: id,
      RECORDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
      LEASE_TTL_SEC: String(TTL_SEC),
      // One camera each, whichever starts first (a hand-over would wait for footage these cameras never send).
      RECORDER_CAPACITY: '1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      SUPPORT_PASSWORD: 'support-password-1',
    }),
    database: db,
    logger: false,
    recording,
  });
  await messaging.connection.flush();
  return { id, app, db, recording, messaging, dataDir };
}

/** A recorded segment of `uidd` on a recorder's disk and in the index under its id. */
async function footageOn(r: RecorderApp, uidd: Uidd, startMs: number): Promise<string> {
  const path = `${uidd}/test/${startMs}.m4s`;
  const abs = join(r.dataDir, 'recordings', path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, 'not really video');
  await new SegmentsRepository(server.db.db, { recorderId: r.id }).insert({
    uidd,
    stream: 'main',
    startMs: startMs as EpochMs,
    endMs: (startMs + 4000) as EpochMs,
    bytes: 16,
    path,
    initPath: `${uidd}/test/init.mp4`,
    codec: 'avc1.64001f',
  });
  return abs;
}

const holderOf = async (uidd: Uidd) => {
  const id = await leaseHolders(server.db.db)(uidd);
  return recorders.find((r) => r.id === id);
};

beforeAll(async () => {
  nats = await OwnNatsServer.start(NATS_PORT);
  serverMessaging = await openNatsMessaging(nats.url, { name: 'server', log });
  server = await createTestApp(
    'postgres',
    { PUBLIC_URL: 'http://127.0.0.1:18620', ROLE: 'server', DATABASE_URL: 'postgres://unused/x' },
    {
      natsStatus: () => serverMessaging.status(),
      cameras: {
        // As main.ts wires a server of a fleet.
        tasks: serverMessaging.routedTasks(
          (uidd) => leaseHolders(server.db.db)(uidd),
          () => liveRecorderIds(server.db.db, TTL_SEC * 1000)(),
        ),
      },
    },
  );
  owner = await signedInUser(server);
  for (let i = 0; i < 2; i++) await insertCamera(server, owner.uid);
  recorders.push(await startRecorder('rec-a', 18621), await startRecorder('rec-b', 18622));
  await until(
    'each recorder to record one camera',
    () => recorders.every((r) => r.recording.recorder?.statuses().length === 1),
    30_000,
  );
}, 60_000);

afterAll(async () => {
  for (const r of recorders) {
    await r.app.close();
    await r.messaging.close();
    await r.db.destroy();
  }
  await server?.app.close();
  await serverMessaging?.close();
  await server?.db.destroy();
  await nats?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

describe('/health of a fleet [postgres]', () => {
  const health = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    return { code: res.statusCode, ...res.json() };
  };

  it('a server counts the recorders alive and says NATS is up; a recorder names itself and its leases', async () => {
    expect(await health(server.app)).toMatchObject({
      code: 200,
      status: 'ok',
      databaseStatus: 'up',
      natsStatus: 'up',
      fleet: { role: 'server', recordersAlive: 2 },
    });
    for (const r of recorders)
      expect(await health(r.app)).toMatchObject({
        code: 200,
        status: 'ok',
        natsStatus: 'up',
        fleet: { role: 'recorder', recorderId: r.id, leases: 1, draining: false },
      });
  });

  it('NATS away: degraded (still 200), and up again once it is back', async () => {
    await nats.kill();
    const down = await until(
      'the server to see NATS down',
      async () => {
        const h = await health(server.app);
        return h.natsStatus === 'down' && h;
      },
      10_000,
    );
    expect(down).toMatchObject({ code: 200, status: 'degraded' });
    await nats.restart();
    await until(
      'NATS up again on every process',
      async () => {
        for (const app of [server.app, ...recorders.map((r) => r.app)])
          if ((await health(app)).natsStatus !== 'up') return false;
        return true;
      },
      15_000,
    );
  }, 30_000);
});

describe('camera changes reach the holding recorder over NATS [postgres]', () => {
  it('a motion settings change made on the server reaches the recorder that records the camera', async () => {
    const uidd = (await server.db.db.selectFrom('cameras').select('uidd').orderBy('uidd').execute())[0]
      ?.uidd as Uidd;
    const holder = (await holderOf(uidd)) as RecorderApp;
    const res = await server.call({
      method: 'PATCH',
      url: '/cameras/motion/config',
      token: owner.token,
      payload: { uidd, settings: { sensitivity: 7 } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await until('the holder to hear the change', () =>
      holder.recording.heard.some((c) => c.uidd === uidd && c.kind === 'updated'),
    );
    const other = recorders.find((r) => r !== holder) as RecorderApp;
    expect(other.recording.heard.filter((c) => c.uidd === uidd)).toEqual([]);
  });

  it('an uninstalled camera stops being recorded at once, not at the next lease check', async () => {
    const uidd = (await server.db.db.selectFrom('cameras').select('uidd').orderBy('uidd').execute())[0]
      ?.uidd as Uidd;
    const holder = (await holderOf(uidd)) as RecorderApp;
    expect(holder.recording.recorder?.status(uidd)).toBeDefined();
    const res = await server.call({
      method: 'GET',
      url: `/sendcameratask?uid=${uidd}&action=uninstall&caller=web`,
      token: owner.token,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await until(
      'the holder to stop recording it',
      () => holder.recording.recorder?.status(uidd) === undefined,
    );
  });

  it('a deleted camera stops at once, and every recorder deletes its own footage of it', async () => {
    const uidd = (await server.db.db.selectFrom('cameras').select('uidd').orderBy('uidd').execute())[1]
      ?.uidd as Uidd;
    const holder = (await holderOf(uidd)) as RecorderApp;
    const other = recorders.find((r) => r !== holder) as RecorderApp;
    // Footage of the camera on both disks: the other recorder held it before (a failover or a hand-over).
    const t0 = Date.now() - 60_000;
    const before = await footageOn(other, uidd, t0);
    const now = await footageOn(holder, uidd, t0 + 4000);
    const res = await server.call({ method: 'GET', url: `/deldevice?uid=${uidd}`, token: owner.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await until(
      'the holder to stop recording it',
      () => holder.recording.recorder?.status(uidd) === undefined,
    );
    await until('both recorders to delete their files', () => !existsSync(before) && !existsSync(now), 5000);
    await until(
      'the index to have none of its segments',
      async () =>
        (await server.db.db.selectFrom('segments').select('id').where('camera_uidd', '=', uidd).execute())
          .length === 0,
      5000,
    );
  });
});
