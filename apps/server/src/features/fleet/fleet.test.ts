import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_PG_ADMIN_URL } from '@vigil/db/testing';
import { type Simulator, startSimulator } from '@vigil/simulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { cameraRow } from '../cameras/testing.ts';
import { until } from '../recording/testing.ts';

/**
 * The fleet for real (decision 0600): PostgreSQL, three recorder processes (`main.ts` with ROLE=recorder, each its
 * own port, data directory and id), six simulated cameras installed straight in the database. Every camera records
 * on exactly one recorder; `kill -9` of one and its cameras record on the others within the lease time.
 */
const ROOT = resolve(import.meta.dirname, '../../../../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const PORTS = [19101, 19102, 19103];
const CAMERAS = 6;
const TTL_SEC = 10;

async function postgresUp(): Promise<boolean> {
  const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
const pgUp = await postgresUp();
if (!pgUp) console.warn(`fleet.test.ts skipped: no PostgreSQL at ${TEST_PG_ADMIN_URL} (the fleet needs one)`);

interface Proc {
  id: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  log: string[];
}

describe.skipIf(!pgUp)('a recorder fleet of three processes [postgres]', () => {
  let t: TestApp;
  let sim: Simulator;
  const procs: Proc[] = [];
  const cameras: string[] = [];

  function startRecorder(i: number): Proc {
    const id = `rec-${i + 1}`;
    const port = PORTS[i] as number;
    const dataDir = mkdtempSync(join(tmpdir(), `vigil-fleet-${id}-`));
    const child = spawn(NODE, ['apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ROLE: 'recorder',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RECORDER_ID: id,
        DATABASE_URL: t.db.url,
        LEASE_TTL_SEC: String(TTL_SEC),
        DEMO_CAMERAS: '0',
        LOG_LEVEL: process.env.FLEET_TEST_LOG ?? 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    child.stdout?.on('data', (b: Buffer) => log.push(b.toString()));
    child.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const p = { id, port, dataDir, child, exited, log };
    procs.push(p);
    return p;
  }

  const leases = async () =>
    new Map(
      (await t.db.db.selectFrom('camera_leases').select(['camera_uidd', 'recorder_id']).execute()).map(
        (r) => [r.camera_uidd, r.recorder_id],
      ),
    );
  /** Segments of the cameras that start after `ms`, with the recorder whose disk holds each file. */
  const segmentsSince = async (ms: number) =>
    (
      await t.db.db
        .selectFrom('segments')
        .select(['camera_uidd', 'start_ms', 'end_ms', 'path'])
        .where('start_ms', '>=', ms)
        .orderBy('start_ms')
        .execute()
    ).map((s) => ({
      uidd: s.camera_uidd,
      startMs: Number(s.start_ms),
      endMs: Number(s.end_ms),
      on: procs.filter((p) => existsSync(join(p.dataDir, 'recordings', s.path))).map((p) => p.id),
    }));

  beforeAll(async () => {
    // The database, migrated, with an owner; the app of this process records nothing (no recorder given).
    t = await createTestApp('postgres');
    const { uid } = await t.createUser();
    sim = await startSimulator({
      cameras: Array.from({ length: CAMERAS }, () => ({ gopSec: 1, fps: 10 })),
      portRange: [19150, 19199],
    });
    for (const [i, cam] of sim.cameras.entries()) {
      const row = cameraRow({
        owner: uid,
        deviceId: `fleet${i}`,
        name: `Fleet ${i}`,
        now: Date.now(),
        streamUrl: cam.urls.main,
      });
      await t.db.db.insertInto('cameras').values(row).execute();
      cameras.push(row.uidd);
    }
    for (let i = 0; i < PORTS.length; i++) startRecorder(i);
    for (const p of procs)
      await until(
        async () => (await fetch(`http://127.0.0.1:${p.port}/health`).catch(() => undefined))?.status === 200,
        30_000,
        200,
      ).catch((e: unknown) => {
        throw new Error(`${p.id} did not start: ${String(e)}\n${p.log.join('')}`);
      });
  }, 60_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await sim?.stop();
    await t?.app.close();
    await t?.db.destroy();
    for (const p of procs) rmSync(p.dataDir, { recursive: true, force: true });
  });

  it('every camera records on exactly one recorder; kill -9 of one moves its cameras within the lease time', async () => {
    const started = Date.now();
    // Two each, every lease with one owner, and the recorders only serve media and /health (no API).
    await until(async () => {
      const counts = new Map<string, number>();
      for (const owner of (await leases()).values())
        counts.set(owner ?? 'free', (counts.get(owner ?? 'free') ?? 0) + 1);
      return ['rec-1', 'rec-2', 'rec-3'].every((id) => counts.get(id) === 2);
    }, 45_000);
    const settled = Date.now();
    console.log(
      `fleet: 6 cameras split 2/2/2 over 3 recorders ${settled - started} ms after all answered /health`,
    );
    expect((await fetch(`http://127.0.0.1:${PORTS[0]}/cameras`)).status).toBe(404);

    // Footage recorded once the hand-overs of the split are done (the old holder records until the new one's
    // footage is indexed): each camera's segments on one disk only, the lease holder's.
    const owners = await leases();
    await until(async () => {
      const from = Date.now();
      await until(async () => {
        const r = await segmentsSince(from);
        return cameras.every((u) => r.filter((s) => s.uidd === u).length >= 2);
      }, 30_000);
      const r = await segmentsSince(from);
      return (
        cameras.every((u) => {
          const disks = new Set(r.filter((s) => s.uidd === u).flatMap((s) => s.on));
          return disks.size === 1 && disks.has(owners.get(u) as string);
        }) && r
      );
    }, 45_000);
    // The hand-overs' overlap was de-duplicated: in each camera's index, once another recorder's footage starts,
    // the earlier recorder's does not come back (without it, the two interleave for seconds).
    for (const u of cameras) {
      const disks = (await segmentsSince(0)).filter((s) => s.uidd === u).map((s) => s.on.join('+'));
      const runs = disks.filter((d, i) => d !== disks[i - 1]);
      if (new Set(runs).size !== runs.length && process.env.FLEET_TEST_LOG) {
        console.log(JSON.stringify((await segmentsSince(0)).filter((s) => s.uidd === u)));
        for (const p of procs)
          console.log(
            p.id,
            p.log
              .join('')
              .split('\n')
              .filter((l) => /hand|took|offer|gone/.test(l))
              .join('\n'),
          );
      }
      expect(new Set(runs).size, `${u}: ${runs.join(' → ')}`).toBe(runs.length);
    }
    const loggers = await t.db.db.selectFrom('cameras').select(['uidd', 'logger']).execute();
    for (const c of loggers)
      expect(c.logger).toBe(`http://localhost:${procs.find((p) => p.id === owners.get(c.uidd))?.port}`);

    // kill -9: no drain, no release; the others take its cameras once its leases expire.
    const victim = procs[1] as Proc;
    const orphaned = cameras.filter((u) => owners.get(u) === victim.id);
    expect(orphaned).toHaveLength(2);
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    await until(async () => {
      const now = await leases();
      return orphaned.every((u) => now.get(u) !== victim.id && now.get(u) !== null);
    }, 30_000);
    const leasesMovedMs = Date.now() - killedAt;
    const firstAfter = await until(async () => {
      const after = (await segmentsSince(killedAt)).filter(
        (s) => orphaned.includes(s.uidd) && !s.on.includes(victim.id),
      );
      return orphaned.every((u) => after.some((s) => s.uidd === u)) && after;
    }, 30_000);
    const recordingAgainMs = Math.max(
      ...orphaned.map((u) => (firstAfter.find((s) => s.uidd === u)?.startMs ?? Number.NaN) - killedAt),
    );
    // The timeline's gap: from the dead recorder's last indexed footage to the new recorder's first.
    const victims = (await segmentsSince(killedAt - 60_000)).filter((s) => s.on.includes(victim.id));
    const gapMs = Math.max(
      ...orphaned.map(
        (u) =>
          (firstAfter.find((s) => s.uidd === u)?.startMs ?? Number.NaN) -
          Math.max(...victims.filter((s) => s.uidd === u).map((s) => s.endMs)),
      ),
    );
    console.log(
      `fleet failover: leases moved ${leasesMovedMs} ms after kill -9, footage again ${recordingAgainMs} ms after it ` +
        `(timeline gap ≤ ${gapMs} ms; lease ${TTL_SEC} s)`,
    );
    expect(leasesMovedMs).toBeLessThanOrEqual(15_000);
    expect(recordingAgainMs).toBeLessThanOrEqual(15_000);
    expect(gapMs).toBeLessThanOrEqual(15_000 + 5_000); // the dead recorder's open segment (≤ 4 s) is lost with it
    const after = await leases();
    expect(new Set(orphaned.map((u) => after.get(u)))).not.toContain(victim.id);
    expect([...after.values()].filter((o) => o === 'rec-1' || o === 'rec-3')).toHaveLength(CAMERAS);

    // SIGTERM drains: rec-1 hands its cameras to rec-3 and exits 0; the new recorder's footage starts before the
    // old one's ends (no gap), and the overlap is not in the index twice.
    const leaving = procs[0] as Proc;
    const handed = cameras.filter((u) => after.get(u) === leaving.id);
    const termAt = Date.now();
    leaving.child.kill('SIGTERM');
    expect(await leaving.exited).toBe(0);
    console.log(
      `fleet drain: rec-1 handed ${handed.length} cameras over and exited in ${Date.now() - termAt} ms`,
    );
    const drained = await leases();
    expect(cameras.map((u) => drained.get(u))).toEqual(cameras.map(() => 'rec-3'));
    expect(await t.db.db.selectFrom('recorders').select('id').where('id', '=', leaving.id).execute()).toEqual(
      [],
    );
    const around = await segmentsSince(termAt - 30_000);
    for (const u of handed) {
      const mine = around.filter((s) => s.uidd === u);
      const lastOld = Math.max(...mine.filter((s) => s.on.includes(leaving.id)).map((s) => s.endMs));
      const firstNew = Math.min(...mine.filter((s) => s.on.includes('rec-3')).map((s) => s.startMs));
      expect(firstNew, `${u}: rec-3 from ${firstNew}, rec-1 until ${lastOld}`).toBeLessThanOrEqual(lastOld);
      // From the leaving recorder's first segment on, its footage then rec-3's, never back and forth. (Before it,
      // the camera may have been on rec-3 already: recorders started one after another even out their shares.)
      const firstOld = Math.min(...mine.filter((s) => s.on.includes(leaving.id)).map((s) => s.startMs));
      const since = mine.filter((s) => s.startMs >= firstOld);
      const runs = since.map((s) => s.on.join('+')).filter((d, i, all) => d !== all[i - 1]);
      expect(
        runs,
        `${u}: ${JSON.stringify(since.map((s) => [s.startMs - termAt, s.endMs - termAt, s.on.join('+')]))}`,
      ).toEqual([leaving.id, 'rec-3']);
    }
  }, 120_000);
});
