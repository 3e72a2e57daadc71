import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type Segment, SegmentsRepository } from './segments-repository.ts';

const seg = (uidd: string, startMs: number): Omit<Segment, 'id'> => ({
  uidd: uidd as Uidd,
  stream: 'main',
  startMs: startMs as EpochMs,
  endMs: (startMs + 4000) as EpochMs,
  bytes: 1000,
  path: `${uidd}/main/2026-11-24/${startMs}.aa.m4s`,
  initPath: `${uidd}/main/init-aa.mp4`,
  codec: 'avc1.640028',
});

describe.each(TEST_DB_KINDS)('segments of several recorders (decision 0601) [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('each recorder writes its id, reads every row, and deletes (retention, watermark) only its own', async () => {
    db = await createTestDb(kind);
    const a = new SegmentsRepository(db.db, { recorderId: 'rec-a' });
    const b = new SegmentsRepository(db.db, { recorderId: 'rec-b' });
    const embedded = new SegmentsRepository(db.db);
    // Camera 1 moved from a to b (a failover); camera 2 only ever on b.
    await a.insertMany([seg('o.c1', 1_000), seg('o.c1', 5_000)]);
    await b.insertMany([seg('o.c1', 9_000), seg('o.c2', 1_000)]);
    expect(await embedded.insert(seg('o.c3', 1_000))).toMatchObject({ recorderId: undefined });

    const hosts = (await embedded.list('o.c1' as Uidd, 'main', 0 as EpochMs, 20_000 as EpochMs)).map((s) => [
      s.startMs,
      s.recorderId,
    ]);
    expect(hosts).toEqual([
      [1_000, 'rec-a'],
      [5_000, 'rec-a'],
      [9_000, 'rec-b'],
    ]);
    const ended = async (r: SegmentsRepository) =>
      (await r.endedBefore('o.c1' as Uidd, 100_000 as EpochMs, 10)).map((s) => s.startMs);
    expect(await ended(a)).toEqual([1_000, 5_000]);
    expect(await ended(b)).toEqual([9_000]);
    expect(await ended(embedded)).toEqual([1_000, 5_000, 9_000]);
    expect((await a.cameras()).sort()).toEqual(['o.c1']);
    expect((await b.cameras()).sort()).toEqual(['o.c1', 'o.c2']);
    expect((await embedded.cameras()).sort()).toEqual(['o.c1', 'o.c2', 'o.c3']);
  });
});
