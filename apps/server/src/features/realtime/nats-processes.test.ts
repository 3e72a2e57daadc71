import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsClient, OwnNatsServer } from '../../testing/nats.ts';
import { openRealtime } from '../../testing/realtime.ts';
import { NatsBus } from './nats-bus.ts';

/** This file's ports (issue 15 helper nats-bus: 19300–19399). */
const NATS_PORT = 19303;
const SERVER_PORTS = [19311, 19312] as const;
const MAIN = resolve(import.meta.dirname, '../../main.ts');

const until = async (cond: () => boolean | Promise<boolean>, ms = 10_000) => {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Two server processes (node main.ts, as deployed) on one PostgreSQL database and one NATS, with NATS_URL: an alert a
 * recorder publishes on NATS reaches the SSE clients of both, also after NATS was killed and restarted.
 */
describe('two server processes with NATS_URL', () => {
  let nats: OwnNatsServer;
  let db: TestDb;
  let dataDir: string;
  const servers: ChildProcess[] = [];
  let recorderConn: NatsConnection;
  let recorder: NatsBus;

  const startServer = async (port: number) => {
    const proc = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        PORT: `${port}`,
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        NATS_URL: nats.url,
        DATA_DIR: join(dataDir, `${port}`),
        WEB_DIST: '/nonexistent',
        RECORDER_ENABLED: 'false',
        DEMO_CAMERAS: '0',
        SUPPORT_PASSWORD: 'support-password-1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    servers.push(proc);
    await until(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      return res?.status === 200;
    }, 30_000);
  };

  beforeAll(async () => {
    nats = await OwnNatsServer.start(NATS_PORT);
    db = await createTestDb('postgres');
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-nats-proc-'));
    // One after the other: the first seeds the accounts and the server secret.
    for (const port of SERVER_PORTS) await startServer(port);
    // A recorder's bus, on the stream the servers made (VIGIL_RT, vigil.rt.>).
    recorderConn = await natsClient(nats.url, 'recorder');
    recorder = await NatsBus.open(recorderConn);
  }, 90_000);
  afterAll(async () => {
    await recorder?.close(100);
    await recorderConn?.close();
    for (const s of servers) if (s.exitCode === null) s.kill('SIGKILL');
    await db?.destroy();
    await nats?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an alert published by a recorder reaches the SSE clients of both servers, after a NATS crash too', async () => {
    const login = await (await fetch(`http://127.0.0.1:${SERVER_PORTS[0]}/login/demo`)).json();
    const cam = `${login.uid}.cam1`;
    const streams = await Promise.all(
      SERVER_PORTS.map((p) =>
        openRealtime(`http://127.0.0.1:${p}`, `types=alert&uidd=${cam}`, login.authToken),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    await until(() => streams.every((s) => s.connected()));

    const sent = Date.now();
    recorder.publish({ type: 'alert', data: { uidd: cam, id: 'ev-1', startTime: sent, motionScore: 3 } });
    await until(() => streams.every((s) => s.events.length >= 1));
    const latencies = streams.map((s) => s.events[0]!.at - sent);
    console.log(`recorder → SSE clients of 2 server processes: ${latencies.join(' ms, ')} ms`);
    expect(Math.max(...latencies)).toBeLessThan(1000);

    await nats.kill();
    recorder.publish({
      type: 'alert',
      data: { uidd: cam, id: 'ev-2', startTime: Date.now(), motionScore: 3 },
    });
    await new Promise((r) => setTimeout(r, 500));
    await nats.restart();
    await until(() => streams.every((s) => s.events.length >= 2), 20_000);
    await new Promise((r) => setTimeout(r, 300));
    for (const s of streams) expect(s.events.map((e) => e.data.id)).toEqual(['ev-1', 'ev-2']);
    for (const s of streams) s.close();

    // A graceful stop closes the bus and drains the connection.
    const exits = servers.map((s) => new Promise((r) => s.once('exit', (code) => r(code))));
    for (const s of servers) s.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
  }, 60_000);
});
