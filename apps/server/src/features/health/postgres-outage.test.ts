import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Writable } from 'node:stream';
import { databaseFault, openDb } from '@vigil/db';
import { TEST_PG_ADMIN_URL } from '@vigil/db/testing';
import { type Simulator, startSimulator } from '@vigil/simulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../app.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { TEST_RECORDER_TIMINGS } from '../../testing/recorder-fixture.ts';
import { mediaGrant, type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { Recording } from '../recording/recording.ts';
import { openLive, until } from '../recording/testing.ts';

/**
 * PostgreSQL goes away under a running server that records a real camera (decision 0015): every session of the
 * database is killed with pg_terminate_backend from another connection, and new ones are refused until the
 * outage ends (ALLOW_CONNECTIONS false: the machine's PostgreSQL itself is shared and is not restarted). The
 * process survives, requests meanwhile answer 503 database_unavailable, /health says the database is down, and
 * afterwards every segment recorded during the outage is indexed: the files on disk and the index rows match.
 */
const TERMINATE =
  'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

/** A server-sent event stream over real HTTP: the events it delivers, and whether the server ended it. */
async function openEvents(url: string, token: string) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const state = { status: res.status, events: 0, ended: false };
  void (async () => {
    for await (const chunk of res.body ?? [])
      state.events += String(Buffer.from(chunk)).split('data: ').length - 1;
    state.ended = true;
  })().catch(() => {
    state.ended = true;
  });
  return state;
}

/** Every closed segment file under the recordings folder, relative to it (the index's `path`). */
function segmentFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.m4s'))
    .map((f) => relative(root, join(root, f)))
    .sort();
}

describe('PostgreSQL connection lost under a recording server', () => {
  let sim: Simulator;
  let t: TestApp;
  let owner: SignedIn;
  let uidd: string;
  /** On the test database: kills its other sessions. */
  let killer: pg.Client;
  /** On the server's maintenance database: refuses and allows connections to the test database. */
  let admin: pg.Client;
  let dbName: string;
  let base: string;
  const logs: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-pg-outage-'));
  const recordings = join(dataDir, 'recordings');

  beforeAll(async () => {
    sim = await startSimulator({ cameras: [{ gopSec: 1, fps: 10 }], portRange: [19100, 19119] });
    const recording = new Recording({
      dataDir,
      liveHoldMs: 500,
      tuning: {
        ...TEST_RECORDER_TIMINGS,
        segmentTargetMs: 1000,
        indexDelayMs: 200,
      },
    });
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line).msg);
        done();
      },
    });
    t = await createTestApp(
      'postgres',
      { DATA_DIR: dataDir },
      { recording, realtimeRecheckMs: 200, logger: { ...loggerOptions('info'), stream: sink } },
    );
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signedInUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/cameras',
      token: owner.token,
      payload: { url: sim.cameras[0]?.urls.main, name: 'Gate' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    uidd = res.json.uidd;
    killer = new pg.Client({ connectionString: t.db.url });
    await killer.connect();
    dbName = (await killer.query('SELECT current_database() AS name')).rows[0].name;
    admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.end();
    await killer?.end().catch(() => {});
    await t?.app.close();
    await t?.db.destroy();
    await sim?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const events = () => t.call({ method: 'GET', url: `/events?uidd=${uidd}`, token: owner.token });
  const indexedPaths = async (): Promise<string[]> =>
    (await t.db.db.selectFrom('segments').select('path').orderBy('path').execute()).map((r) => r.path);

  it('keeps serving, answers 503 while the database is away, and indexes every segment recorded meanwhile', async () => {
    // Recording, indexed, and requests answered.
    await until(async () => (await indexedPaths()).length >= 2, 30_000);
    expect((await events()).status).toBe(200);
    // A live viewer and a realtime stream, open across the outage.
    const viewer = openLive(
      `${base.replace('http', 'ws')}/live/${uidd}/main?token=${await mediaGrant(t, owner.token, uidd)}`,
    );
    expect(await viewer.opened).toBe(101);
    await viewer.binariesAt(2, 20_000);
    const realtime = await openEvents(
      `${base}/cameras/realtime/live?types=liveSession&uidd=${uidd}`,
      owner.token,
    );
    expect(realtime.status).toBe(200);
    const published = () =>
      t.app.services.realtime.publish({
        type: 'liveSession',
        data: { uidd, state: 'started', stream: 'main' },
      });

    // Requests keep coming while the sessions are killed.
    let steady = true;
    const statuses: number[] = [];
    let filesAtOutage = 0;
    let eventsBefore = 0;
    let outageStart = 0;
    const load = (async () => {
      while (steady) statuses.push((await events()).status);
    })();
    try {
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
      outageStart = Date.now();
      const killed = await killer.query(TERMINATE);
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      filesAtOutage = segmentFiles(recordings).length;

      // During the outage: a clear 503, health tells the truth, and the recorder goes on writing to disk.
      const during = await events();
      expect(during.status).toBe(503);
      expect(during.json).toEqual({
        error: 'The database cannot be reached right now; try again in a moment',
        code: 'database_unavailable',
      });
      const health = await t.call({ method: 'GET', url: '/health' });
      expect(health.status).toBe(503);
      expect(health.json).toMatchObject({
        status: 'unavailable',
        database: 'postgres',
        databaseStatus: 'down',
      });
      eventsBefore = realtime.events;
      await until(() => segmentFiles(recordings).length >= filesAtOutage + 3, 30_000);
      // The rows of the segments closed meanwhile wait, and health counts them.
      await until(
        async () => (await t.call({ method: 'GET', url: '/health' })).json.pendingIndexRows >= 2,
        10_000,
      );
      // Sessions and access cannot be checked again meanwhile (every 200 ms): the live viewer keeps watching and
      // the realtime stream stays open.
      const binariesDuring = viewer.binaries.length;
      await viewer.binariesAt(binariesDuring + 5, 10_000);
      expect(realtime.ended).toBe(false);
    } finally {
      steady = false;
      await load;
    }
    expect(statuses).toContain(503);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    // PostgreSQL accepts connections again: health and requests recover without a restart.
    await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
    const outageMs = Date.now() - outageStart;
    await until(async () => (await t.call({ method: 'GET', url: '/health' })).status === 200, 20_000);
    expect((await t.call({ method: 'GET', url: '/health' })).json).toMatchObject({
      status: 'ok',
      databaseStatus: 'up',
    });
    expect((await events()).status).toBe(200);
    await until(
      async () => (await t.call({ method: 'GET', url: '/health' })).json.pendingIndexRows === 0,
      10_000,
    );
    published();
    await until(() => realtime.events === eventsBefore + 1, 10_000);
    viewer.close();

    // Stopping the server closes and indexes the open segment: then every file has its row and every row a file.
    await t.app.close();
    const files = segmentFiles(recordings);
    expect(files.length).toBeGreaterThanOrEqual(filesAtOutage + 3);
    expect(await indexedPaths()).toEqual(files);
    // The outage is told once, not per row, and the 503s once per 10 s, not per request.
    const told = (msg: string) => logs.filter((m) => m === msg).length;
    expect(told('database unavailable: answering 503')).toBeGreaterThanOrEqual(1);
    expect(told('database unavailable: answering 503')).toBeLessThanOrEqual(
      1 + Math.floor(outageMs / 10_000),
    );
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(10);
    expect(told('database unavailable: recording goes on, segment rows wait until it is back')).toBe(1);
    expect(told('database back: every waiting segment row is written')).toBe(1);
  }, 120_000);
});

describe('PostgreSQL down when the pool first connects', () => {
  it('classifies the refused connection as the database being unavailable, and recovers nothing it cannot', async () => {
    // Nothing listens on the discard port (and no test's camera can take it): a PostgreSQL that is down.
    const down = openDb({
      sqlitePath: '',
      databaseUrl: 'postgres://postgres@127.0.0.1:9/vigil',
      poolSize: 2,
    });
    try {
      expect(await down.probe()).toBe('down');
      const err = await down.db
        .selectFrom('segments')
        .select('id')
        .execute()
        .catch((e: unknown) => e);
      expect(databaseFault(err)).toBe('unavailable');
    } finally {
      await down.destroy();
    }
  });
});
