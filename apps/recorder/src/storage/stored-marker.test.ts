import type { EpochMs, Uidd } from '@vigil/contracts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '@vigil/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../log.ts';
import { segmentRel } from './layout.ts';
import { SegmentsRepository } from './segments-repository.ts';
import { StoredMarker } from './stored-marker.ts';

const UIDD = 'u1.cam' as Uidd;
const T0 = 1_795_000_000_000;

/** A repository whose first `markStored` fails as a database that went away would (decision 0015). */
class FailingOnce extends SegmentsRepository {
  failures = 1;
  override async markStored(paths: readonly string[], atMs: EpochMs): Promise<void> {
    if (this.failures-- > 0) throw new Error('connection terminated');
    return super.markStored(paths, atMs);
  }
}

describe.each(TEST_DB_KINDS)('StoredMarker and markStored (decision 0856) [%s]', (kind) => {
  let db: TestDb | undefined;
  afterEach(() => db?.destroy());

  it('marks uploaded segments by path, leaves the others, and retries a batch the database refused', async () => {
    db = await createTestDb(kind);
    const repo = new FailingOnce(db.db, { recorderId: 'rec-1' });
    // Rows start a little before the start their file is named after (decision 0619: named when opened).
    const rows = await repo.insertMany(
      [0, 1, 2, 3].map((i) => ({
        uidd: UIDD,
        stream: (i === 3 ? 'sd' : 'main') as 'main' | 'sd',
        startMs: (T0 + i * 4000 - 7) as EpochMs,
        endMs: (T0 + (i + 1) * 4000) as EpochMs,
        bytes: 100,
        path: segmentRel(UIDD, i === 3 ? 'sd' : 'main', T0 + i * 4000, 'ab12'),
        initPath: `${UIDD}/main/init-ab12.mp4`,
        codec: 'avc1.64001f',
      })),
    );
    let now = T0 + 60_000;
    const marker = new StoredMarker(repo, { log: silentLog, delayMs: 60_000, now: () => now });
    marker.add(rows[0]!.path);
    now += 10;
    marker.add(rows[1]!.path);
    marker.add(rows[3]!.path);
    await marker.flush(); // refused: kept for the next batch
    const stored = async () =>
      (await db!.db.selectFrom('segments').select(['path', 'stored_ms']).orderBy('start_ms').execute()).map(
        (r) => [r.path.split('/').at(-1), r.stored_ms === null ? null : Number(r.stored_ms)],
      );
    expect((await stored()).every(([, s]) => s === null)).toBe(true);
    await marker.flush();
    marker.close();
    expect(await stored()).toEqual([
      [`${T0}.ab12.m4s`, T0 + 60_010],
      [`${T0 + 4000}.ab12.m4s`, T0 + 60_010],
      [`${T0 + 8000}.ab12.m4s`, null],
      [`${T0 + 12_000}.ab12.m4s`, T0 + 60_010],
    ]);
  });
});
