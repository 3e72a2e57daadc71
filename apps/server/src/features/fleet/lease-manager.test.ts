import type { EpochMs, Uidd } from '@vigil/contracts';
import { type Segment, SegmentsRepository } from '@vigil/recorder';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { insertCamera } from '../cameras/testing.ts';
import { SegmentHandover } from './handover.ts';
import {
  DEAD_RECORDER_REMOVED_AFTER_MS,
  type Handover,
  type LeaseHolder,
  LeaseManager,
} from './lease-manager.ts';
import { LeasesRepository } from './leases-repository.ts';

/**
 * Short leases so the suite runs in seconds: renewed every second, dead after 3 s. Not shorter: on a loaded machine
 * a tick late by a second would make a live manager look dead.
 */
const TTL_MS = 3000;
const log = pino({ level: 'silent' });

/** What every manager's recorder was told, in one order across managers. */
const events: { recorder: string; kind: 'hold' | 'drop'; uidd: Uidd }[] = [];
const holder = (recorder: string): LeaseHolder => ({
  hold: async (uidds) => {
    for (const uidd of uidds) events.push({ recorder, kind: 'hold', uidd });
  },
  drop: async (uidds) => {
    for (const uidd of uidds) events.push({ recorder, kind: 'drop', uidd });
  },
});

/** The live moves each manager announced (decision 0616), after its holder started the cameras. */
const moves: { recorder: string; uidd: Uidd; url: string; afterHold: boolean }[] = [];
const announce = (recorder: string) => (uidds: readonly Uidd[], url: string) => {
  for (const uidd of uidds)
    moves.push({
      recorder,
      uidd,
      url,
      afterHold: events.some((e) => e.recorder === recorder && e.uidd === uidd),
    });
};

/**
 * The hand-over as the app has it, with "the successor has footage" read as "the successor's holder started the
 * camera since this recorder last did" (the real one reads the index: handover.ts, tested below). Without one, a
 * recorder stops a camera as soon as it sees the other's lease, which may be before the other started it.
 */
const startedElsewhere = (me: string): Handover => ({
  successorRecording: async (uidd) => {
    const holds = events.filter((e) => e.uidd === uidd && e.kind === 'hold');
    return holds.findLastIndex((e) => e.recorder !== me) > holds.findLastIndex((e) => e.recorder === me);
  },
  finish: async () => 0,
  taken: () => {},
});

async function waitFor(
  what: string,
  ok: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<number> {
  const start = Date.now();
  while (!(await ok())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}

describe('lease manager [postgres]', () => {
  let t: TestApp;
  let repo: LeasesRepository;
  let cameras: Uidd[];
  const managers = new Map<string, LeaseManager>();
  const manager = (id: string) => {
    const m = new LeaseManager({
      repo,
      id,
      publicUrl: `http://${id}.rec.example:8080`,
      capacity: 200,
      ttlMs: TTL_MS,
      holder: holder(id),
      handover: startedElsewhere(id),
      assignLogger: (uidds, url) => t.app.services.cameras.settings.assignLogger(uidds, url),
      // As module.ts wires it: the app's motion sink, told where each camera's footage ends.
      orphaned: async (uidds) => t.app.services.motionSink.orphaned(uidds, await repo.lastFootage(uidds)),
      moved: announce(id),
      log,
    });
    managers.set(id, m);
    return m;
  };
  const owners = async () =>
    (await repo.owners(cameras))
      .map((o) => o.recorderId)
      .reduce<Record<string, number>>((acc, id) => {
        acc[id ?? 'free'] = (acc[id ?? 'free'] ?? 0) + 1;
        return acc;
      }, {});

  /** A motion event a recorder started at `startMs` and has not ended (ongoing). */
  const openEvent = async (uidd: Uidd, startMs: number) => {
    const id = `ev${startMs.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    await t.db.db
      .insertInto('events')
      .values({
        id,
        owner_uid: uidd.split('.')[0] as string,
        camera_uidd: uidd,
        start_ms: startMs,
        end_ms: startMs,
        score: 5,
        rom: 0,
        logger: null,
        has_high_res_still: 0,
        ongoing: 1,
        thumb_path: null,
        still_path: null,
        created_at: startMs,
      })
      .execute();
    return id;
  };
  const eventOf = (id: string) =>
    t.db.db
      .selectFrom('events')
      .select(['ongoing', 'start_ms', 'end_ms'])
      .where('id', '=', id)
      .executeTakeFirst();
  const footage = (uidd: Uidd, startMs: number, endMs: number) =>
    new SegmentsRepository(t.db.db).insert({
      uidd,
      stream: 'main',
      startMs: startMs as EpochMs,
      endMs: endMs as EpochMs,
      bytes: 100,
      path: `${uidd}/${startMs}.m4s`,
      initPath: `${uidd}/init.mp4`,
      codec: 'avc1.64001f',
    });

  beforeAll(async () => {
    t = await createTestApp('postgres', { DATABASE_URL: 'postgres://unused/x' });
    repo = new LeasesRepository(t.db.db);
    const { uid } = await t.createUser();
    cameras = [];
    for (let i = 0; i < 12; i++) cameras.push(await insertCamera(t, uid));
  });
  afterAll(async () => {
    for (const m of managers.values()) m.halt();
    await t.app.close();
    await t.db.destroy();
  });

  it('three recorders starting together split 12 cameras 4/4/4, each camera on one, logger set', async () => {
    await Promise.all([manager('a').start(), manager('b').start(), manager('c').start()]);
    await waitFor('a 4/4/4 split', async () => {
      const o = await owners();
      return o.a === 4 && o.b === 4 && o.c === 4;
    });
    // Each recorder records what it holds, and nothing twice once the offers settled.
    await waitFor('recorders to stop what they no longer hold', () =>
      [...managers.values()].every((m) => m.recording().length === 4),
    );
    const recorded = [...managers.values()].flatMap((m) => m.recording()).sort();
    expect(recorded).toEqual([...cameras].sort());
    const leases = await repo.owners(cameras);
    // The lease's holder, and it alone, tells a camera's online/offline changes (decision 0874).
    for (const l of leases)
      expect([...managers].filter(([, m]) => m.holds(l.uidd)).map(([id]) => id)).toEqual([l.recorderId]);
    const rows = await t.app.services.cameras.rows.findMany(cameras);
    for (const row of rows) {
      const lease = leases.find((l) => l.uidd === row.uidd);
      expect(row.logger).toBe(`http://${lease?.recorderId}.rec.example:8080`);
      expect(row.last_logger).not.toBeNull();
    }
  });

  it('a recorder that stops renewing (a crash) loses its cameras to the others within the lease time', async () => {
    const c = managers.get('c') as LeaseManager;
    const lost = c.recording();
    // c had motion open on two of its cameras: one within its footage, one begun in the segment it never closed.
    const t0 = Date.now() - 20_000;
    const [first, second] = lost as [Uidd, Uidd];
    await footage(first, t0, t0 + 4000);
    await footage(first, t0 + 4000, t0 + 8000);
    await footage(second, t0, t0 + 4000);
    const within = await openEvent(first, t0 + 5000);
    const after = await openEvent(second, t0 + 6000);
    const died = Date.now();
    const movesBefore = moves.length;
    c.halt();
    const ms = await waitFor('a and b to take c’s cameras', async () => {
      const o = await owners();
      return o.a === 6 && o.b === 6;
    });
    console.log(
      `lease takeover after a crash: ${ms} ms (lease ${TTL_MS} ms, renewed every ${TTL_MS / 3} ms)`,
    );
    // Looked at again just after the dead one's leases expire, not up to a third of the lease time later.
    expect(Date.now() - died).toBeLessThan(TTL_MS + 1000);
    const now = [...(managers.get('a')?.recording() ?? []), ...(managers.get('b')?.recording() ?? [])];
    for (const u of lost) expect(now).toContain(u);
    // Closed by the takers: at the end of the dead recorder's last segment, or at the start if it began after it.
    // (Just after the claim that took the lease: wait for it, a loaded machine runs the two steps apart.)
    await waitFor('the dead recorder’s events to be closed', async () =>
      [await eventOf(within), await eventOf(after)].every((e) => e?.ongoing === 0),
    ).catch(() => undefined);
    expect(await eventOf(within)).toEqual({ ongoing: 0, start_ms: t0 + 5000, end_ms: t0 + 8000 });
    expect(await eventOf(after)).toEqual({ ongoing: 0, start_ms: t0 + 6000, end_ms: t0 + 6000 });
    // Their live viewers are told where the cameras went, by the takers, once recording there (decision 0616):
    // each taker tells as its own recording starts, which a loaded machine may put after the events' closing.
    await waitFor('the takers to tell the viewers', async () =>
      lost.every((u) => moves.slice(movesBefore).some((m) => m.uidd === u)),
    ).catch(() => undefined);
    const told = moves.slice(movesBefore).filter((m) => lost.includes(m.uidd));
    expect(told.map((m) => m.uidd).sort()).toEqual([...lost].sort());
    for (const m of told)
      expect(m).toEqual({ ...m, url: `http://${m.recorder}.rec.example:8080`, afterHold: true });
    managers.delete('c');
  });

  it('a draining recorder hands each camera over: the new one starts before the old one stops', async () => {
    const a = managers.get('a') as LeaseManager;
    const handed = a.recording();
    expect(handed).toHaveLength(6);
    // A draining recorder is alive: it ends its own events, the taker leaves them open.
    const own = await openEvent(handed[0] as Uidd, Date.now() - 1000);
    const from = events.length;
    const movesBefore = moves.length;
    await a.drain(10_000);
    expect((await eventOf(own))?.ongoing).toBe(1);
    expect(await owners()).toEqual({ b: 12 });
    expect(a.recording()).toEqual([]);
    const after = events.slice(from);
    for (const uidd of handed) {
      const started = after.findIndex((e) => e.recorder === 'b' && e.kind === 'hold' && e.uidd === uidd);
      const stopped = after.findIndex((e) => e.recorder === 'a' && e.kind === 'drop' && e.uidd === uidd);
      expect(started).toBeGreaterThanOrEqual(0);
      expect(stopped).toBeGreaterThan(started);
    }
    const fleet = await repo.fleet(TTL_MS);
    expect(fleet.map((r) => [r.id, r.cameras])).toEqual([['b', 12]]);
    const told = moves.slice(movesBefore);
    expect(told.map((m) => `${m.recorder} ${m.uidd}`).sort()).toEqual(handed.map((u) => `b ${u}`).sort());
    managers.delete('a');
  });

  it('a recorder restarted under the same id records its cameras again at once', async () => {
    const b = managers.get('b') as LeaseManager;
    const had = b.recording();
    b.halt();
    const again = manager('b');
    const started = Date.now();
    const movesBefore = moves.length;
    await again.start();
    expect(again.recording()).toEqual(had);
    // Its own leases taken back: the same address, nothing announced.
    expect(moves.slice(movesBefore)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(TTL_MS);
    expect(await owners()).toEqual({ b: 12 });
  });

  it('an uninstalled camera is stopped and its lease removed', async () => {
    const b = managers.get('b') as LeaseManager;
    const gone = cameras[0] as Uidd;
    await t.db.db.updateTable('cameras').set({ uninstalled: 1 }).where('uidd', '=', gone).execute();
    await waitFor('b to stop the uninstalled camera', () => !b.recording().includes(gone));
    expect(events.at(-1)).toEqual({ recorder: 'b', kind: 'drop', uidd: gone });
    expect(await repo.owners([gone])).toEqual([]);
    expect(b.recording()).toHaveLength(11);
  });

  it('a recorder joining takes its share; one an operator marks draining hands everything to it', async () => {
    const d = manager('d');
    await d.start();
    await waitFor('b 6, d 5', async () => {
      const o = await owners();
      return o.b === 6 && o.d === 5;
    });
    await t.db.db.updateTable('recorders').set({ draining: 1 }).where('id', '=', 'b').execute();
    await waitFor('d to hold all 11', async () => (await owners()).d === 11);
    await waitFor('b to stop everything and leave the fleet', async () => {
      const fleet = await repo.fleet(TTL_MS);
      return managers.get('b')?.recording().length === 0 && fleet.map((r) => r.id).join() === 'd';
    });
    managers.delete('b');
  });

  it('the last recorder draining has nobody to hand over to: it releases at once', async () => {
    const d = managers.get('d') as LeaseManager;
    const started = Date.now();
    await d.drain(10_000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await owners()).toEqual({ free: 11 });
    expect(d.recording()).toEqual([]);
    expect(await repo.fleet(TTL_MS)).toEqual([]);
    managers.delete('d');
  });

  it('removes recorders dead long past the lease time, and frees the leases in their names', async () => {
    const ago = (ms: number) => sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint - ${ms}`;
    const ghost = { public_url: 'http://ghost:1', capacity: 10, draining: 0, started_at: 0 };
    await t.db.db
      .insertInto('recorders')
      .values([
        { ...ghost, id: 'ghost', heartbeat_at: ago(DEAD_RECORDER_REMOVED_AFTER_MS + 60_000) },
        { ...ghost, id: 'sleeper', heartbeat_at: ago(DEAD_RECORDER_REMOVED_AFTER_MS - 60_000) },
      ])
      .execute();
    // A lease the dead one holds, to expire far in the future (its clock was wrong): nobody could ever take it.
    const stuck = cameras[1] as Uidd;
    await t.db.db
      .updateTable('camera_leases')
      .set({ recorder_id: 'ghost', expires_at: Date.now() + 10 * DEAD_RECORDER_REMOVED_AFTER_MS })
      .where('camera_uidd', '=', stuck)
      .execute();
    const e = manager('e');
    await e.start();
    const ids = (await t.db.db.selectFrom('recorders').select('id').orderBy('id').execute()).map((r) => r.id);
    // c, crashed seconds ago, and the sleeper, dead for under the limit, stay (they count as dead, not removed).
    expect(ids).toEqual(['c', 'e', 'sleeper']);
    await waitFor('e to take every camera, the freed one too', () => e.recording().length === 11);
    expect(e.recording()).toContain(stuck);
    e.halt();
    managers.delete('e');
  });
});

describe('hand-over of the overlap [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { DATABASE_URL: 'postgres://unused/x' });
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.destroy();
  });

  it('waits for the successor’s first segment, then deletes only its own copy from there on, late ones too', async () => {
    const segments = new SegmentsRepository(t.db.db);
    const uidd = 'u1.cam' as Uidd;
    const seg = (startMs: number) => ({
      uidd,
      stream: 'main' as const,
      startMs: startMs as EpochMs,
      endMs: (startMs + 4000) as EpochMs,
      bytes: 100,
      path: `${uidd}/${startMs}.m4s`,
      initPath: `${uidd}/init.mp4`,
      codec: 'avc1.64001f',
    });
    let emit: (s: Segment) => void = () => {};
    const forgotten: Segment[] = [];
    const handover = new SegmentHandover(new LeasesRepository(t.db.db), {
      onSegment: (l) => {
        emit = l;
        return () => {};
      },
      forgetSegments: async (s) => {
        await segments.deleteIds(s.map((x) => x.id));
        forgotten.push(...s);
      },
    });
    const takenAt = 10_000;
    // The old recorder's own segments: one before the take, three after.
    for (const start of [6_000, 10_000, 14_000, 18_000]) emit(await segments.insert(seg(start)));
    expect(await handover.successorRecording(uidd, takenAt)).toBe(false);
    // The successor's first segment starts at 12 000 (its ffmpeg took two seconds to start).
    await segments.insert({ ...seg(12_000), path: `${uidd}/new-12000.m4s`, runStart: true });
    expect(await handover.successorRecording(uidd, takenAt)).toBe(true);

    expect(await handover.finish(uidd, takenAt)).toBe(2);
    expect(forgotten.map((s) => s.startMs)).toEqual([14_000, 18_000]);
    // Its last segment, closed as the camera stopped, comes after: deleted as it comes.
    emit(await segments.insert(seg(22_000)));
    await waitFor('the late segment to be forgotten', () => forgotten.length === 3);
    expect(forgotten.map((s) => s.startMs)).toEqual([14_000, 18_000, 22_000]);
    const left = await segments.list(uidd, 'main', 0 as EpochMs, 100_000 as EpochMs);
    expect(left.map((s) => [s.startMs, s.path])).toEqual([
      [6_000, `${uidd}/6000.m4s`],
      [10_000, `${uidd}/10000.m4s`],
      [12_000, `${uidd}/new-12000.m4s`],
    ]);
  });
});
