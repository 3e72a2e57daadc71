import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../log.ts';
import { segmentRel } from './layout.ts';
import { applyRetention } from './retention.ts';
import { LocalSegmentStore } from './segment-store.ts';
import { SegmentsRepository } from './segments-repository.ts';

const UIDD = 'u1.cam' as Uidd;
const DAY = 86_400_000;
const NOW = 1_795_000_000_000;

/** Rows of `recorder` for the camera: one segment each of these starts (4 s long), their files on `root`. */
async function recorded(
  db: TestDb,
  root: string,
  recorder: string,
  starts: readonly number[],
  stored = false,
) {
  const repo = new SegmentsRepository(db.db, { recorderId: recorder });
  const rows = await repo.insertMany(
    starts.map((start) => ({
      uidd: UIDD,
      stream: 'main' as const,
      startMs: start as EpochMs,
      endMs: (start + 4000) as EpochMs,
      bytes: 10,
      path: segmentRel(UIDD, 'main', start, recorder.replace(/\W/g, '')),
      initPath: `${UIDD}/main/init-x.mp4`,
      codec: 'avc1.64001f',
    })),
  );
  for (const r of rows) {
    mkdirSync(dirname(join(root, r.path)), { recursive: true });
    writeFileSync(join(root, r.path), 'x');
  }
  if (stored)
    await repo.markStored(
      rows.map((r) => r.path),
      NOW as EpochMs,
    );
  return rows;
}

describe.each(TEST_DB_KINDS)('retention of footage whose recorder is gone (decision 0882) [%s]', (kind) => {
  let db: TestDb | undefined;
  let root: string | undefined;
  afterEach(async () => {
    await db?.destroy();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('deletes the dead recorders’ rows past retention; live ones’, its own and newer rows stay', async () => {
    db = await createTestDb(kind);
    root = mkdtempSync(join(tmpdir(), 'vigil-gone-'));
    const old = NOW - 3 * DAY;
    const deadOld = await recorded(db, root, 'rec-dead', [old, old + 4000, old + 8000]);
    const deadNew = await recorded(db, root, 'rec-dead', [NOW - 60_000]);
    const liveOld = await recorded(db, root, 'rec-live', [old + 12_000]);
    const goneOld = await recorded(db, root, 'rec-removed', [old + 16_000]);
    const own = new SegmentsRepository(db.db, { recorderId: 'rec-me' });
    const asked: string[][] = [];
    const alive = async (ids: readonly string[]) => {
      asked.push([...ids].sort());
      return new Set(ids.filter((id) => id === 'rec-live'));
    };
    const store = new LocalSegmentStore(root);
    const n = await applyRetention(store, own, UIDD, 1, NOW, silentLog, alive);
    expect(n).toBe(4);
    const left = (await own.list(UIDD, 'main', 0 as EpochMs, (NOW + DAY) as EpochMs)).map((s) => s.id).sort();
    expect(left).toEqual([...deadNew, ...liveOld].map((s) => s.id).sort());
    // Files of the rows deleted are gone too (a store on a shared disk deletes them there); the others stay.
    for (const s of [...deadOld, ...goneOld]) expect(existsSync(join(root, s.path))).toBe(false);
    for (const s of [...deadNew, ...liveOld]) expect(existsSync(join(root, s.path))).toBe(true);
    // The live recorder was asked about once; after it, only the ones left out.
    expect(asked[0]).toEqual(['rec-dead', 'rec-live', 'rec-removed']);
  });

  it('without a bucket here, rows uploaded to one are left (their objects could not be deleted)', async () => {
    db = await createTestDb(kind);
    root = mkdtempSync(join(tmpdir(), 'vigil-gone-'));
    const old = NOW - 3 * DAY;
    const up = await recorded(db, root, 'rec-dead', [old], true);
    const down = await recorded(db, root, 'rec-dead', [old + 4000]);
    const own = new SegmentsRepository(db.db, { recorderId: 'rec-me' });
    const n = await applyRetention(
      new LocalSegmentStore(root),
      own,
      UIDD,
      1,
      NOW,
      silentLog,
      async () => new Set(),
    );
    expect(n).toBe(1);
    const left = (await own.list(UIDD, 'main', 0 as EpochMs, NOW as EpochMs)).map((s) => s.id);
    expect(left).toEqual(up.map((s) => s.id));
    expect(down).toHaveLength(1);
  });

  it('an embedded recorder (no RECORDER_ID) sweeps nothing of others: all rows are its own', async () => {
    db = await createTestDb(kind);
    root = mkdtempSync(join(tmpdir(), 'vigil-gone-'));
    const repo = new SegmentsRepository(db.db);
    expect(await repo.othersEndedBefore(UIDD, NOW as EpochMs, 10, { skip: [], stored: true })).toEqual([]);
  });
});
