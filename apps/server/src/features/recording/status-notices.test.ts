import type { Uidd } from '@vigil/contracts';
import { createTestDb, TEST_DB_KINDS, type TestDb, testCameraRow, testUserRow } from '@vigil/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { CameraStatusReport } from '../cameras/status-provider.ts';
import { type CameraStatusChange, StatusChanges } from './status-changes.ts';
import { StatusNoticesRepository } from './status-notices-repository.ts';

const CAM = 'u1.cam' as Uidd;
const DEBOUNCE = 60_000;
const LIVE: CameraStatusReport = { state: 'live' };
const DOWN: CameraStatusReport = { state: 'error', problem: 'unreachable' };

/**
 * The told states in the database (decision 0874), on both databases: a process (StatusChanges over the real
 * repository) reads a camera whose reports the test sets, at times the test sets. A restart is a new StatusChanges on
 * the same database; a fleet is two of them at once.
 */
describe.each(TEST_DB_KINDS)('told online/offline states [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  async function setUp() {
    db = await createTestDb(kind);
    await db.db.insertInto('users').values(testUserRow('u1')).execute();
    await db.db
      .insertInto('cameras')
      .values(testCameraRow('u1') as never)
      .execute();
    const repo = new StatusNoticesRepository(db.db);
    const told: { by: string; change: CameraStatusChange }[] = [];
    let report = LIVE;
    let t = 1_000_000;
    const process = (by: string, announces?: (uidd: Uidd) => boolean) =>
      new StatusChanges({
        cameras: () => [CAM],
        statuses: async () => new Map([[CAM, report]]),
        onChange: (change) => told.push({ by, change }),
        now: () => t,
        sweepMs: 1000,
        debounceMs: DEBOUNCE,
        store: repo,
        announces,
      });
    const row = async () =>
      db?.db.selectFrom('camera_status_notices').select(['state', 'since', 'version']).executeTakeFirst();
    return {
      told,
      row,
      process,
      set: (r: CameraStatusReport) => {
        report = r;
      },
      at: (ms: number) => {
        t = ms;
      },
    };
  }

  it('a restart while the camera is down tells one offline; another restart nothing; its return one online', async () => {
    const s = await setUp();
    const first = s.process('first');
    s.at(1_000_000);
    await first.sweep();
    s.at(1_000_000 + DEBOUNCE);
    await first.sweep();
    // The first state is nobody's news, but it is kept.
    expect(s.told).toEqual([]);
    expect(await s.row()).toEqual({ state: 'online', since: 1_000_000, version: 0 });

    // The process stops; the camera goes down meanwhile; a new process reads it from 2_000_000.
    s.set(DOWN);
    const second = s.process('second');
    s.at(2_000_000);
    await second.sweep();
    s.at(2_000_000 + DEBOUNCE - 1);
    await second.sweep();
    expect(s.told).toEqual([]);
    s.at(2_000_000 + DEBOUNCE);
    await second.sweep();
    s.at(2_000_000 + 5 * DEBOUNCE);
    await second.sweep();
    expect(s.told).toEqual([
      {
        by: 'second',
        change: {
          uidd: CAM,
          state: 'offline',
          since: 2_000_000,
          previousSince: 1_000_000,
          problem: 'unreachable',
          lastedMs: DEBOUNCE,
        },
      },
    ]);
    expect(await s.row()).toEqual({ state: 'offline', since: 2_000_000, version: 1 });

    // Restarted again while still down: told already.
    const third = s.process('third');
    s.at(3_000_000);
    await third.sweep();
    s.at(3_000_000 + 2 * DEBOUNCE);
    await third.sweep();
    expect(s.told).toHaveLength(1);

    // Restarted once more, and the camera is back: one online, saying when the offline spell began.
    s.set(LIVE);
    const fourth = s.process('fourth');
    s.at(4_000_000);
    await fourth.sweep();
    s.at(4_000_000 + DEBOUNCE);
    await fourth.sweep();
    expect(s.told.slice(1)).toEqual([
      {
        by: 'fourth',
        change: {
          uidd: CAM,
          state: 'online',
          since: 4_000_000,
          previousSince: 2_000_000,
          problem: null,
          lastedMs: DEBOUNCE,
        },
      },
    ]);
    expect(await s.row()).toEqual({ state: 'online', since: 4_000_000, version: 2 });
  });

  it('two recorders reading one camera at once tell each change once; one without the lease tells nothing', async () => {
    const s = await setUp();
    const a = s.process('a');
    const b = s.process('b');
    const c = s.process('c', () => false);
    for (const ms of [1_000_000, 1_000_000 + DEBOUNCE]) {
      s.at(ms);
      for (const p of [a, b, c]) await p.sweep();
    }
    s.set(DOWN);
    for (const ms of [2_000_000, 2_000_000 + DEBOUNCE, 2_000_000 + 2 * DEBOUNCE]) {
      s.at(ms);
      // b sweeps first here: whichever moves the row tells it.
      for (const p of [b, a, c]) await p.sweep();
    }
    s.set(LIVE);
    for (const ms of [3_000_000, 3_000_000 + DEBOUNCE, 3_000_000 + 2 * DEBOUNCE]) {
      s.at(ms);
      for (const p of [a, b, c]) await p.sweep();
    }
    expect(s.told.map((x) => [x.by, x.change.state])).toEqual([
      ['b', 'offline'],
      ['a', 'online'],
    ]);
    // The one that did not tell a change knows it as told: it tells no stale change later.
    expect(a.debounce.settled(CAM)).toBe('online');
    expect(b.debounce.settled(CAM)).toBe('online');
    expect(await s.row()).toEqual({ state: 'online', since: 3_000_000, version: 2 });
  });
});
