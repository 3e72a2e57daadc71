import type { EpochMs, Uidd } from '@vigil/contracts';
import type { RecorderLog } from '../log.ts';
import { type RecordersAlive, sweepGoneRecorders } from './gone-retention.ts';
import type { SegmentStore } from './segment-store.ts';
import type { Segment, SegmentsRepository } from './segments-repository.ts';

const DAY_MS = 86_400_000;
const BATCH = 500;

/**
 * Deletes a camera's segments that ended more than retentionDays ago: files first, then their rows, in batches.
 * A crash between the two leaves rows whose files are gone, which the next pass deletes; the other order
 * would leave files no row points to, never cleaned. With `alive` (a fleet's recorder, the camera's lease holder)
 * the footage of other recorders that are gone is deleted too (decision 0882).
 */
export async function applyRetention(
  store: SegmentStore,
  repo: SegmentsRepository,
  uidd: Uidd,
  retentionDays: number,
  nowMs: number,
  log: RecorderLog,
  alive?: RecordersAlive,
): Promise<number> {
  const cutoff = (nowMs - Math.max(0, retentionDays) * DAY_MS) as EpochMs;
  let deleted = 0;
  for (;;) {
    const batch = await repo.endedBefore(uidd, cutoff, BATCH);
    if (batch.length === 0) break;
    await deleteSegments(store, repo, batch);
    deleted += batch.length;
    if (batch.length < BATCH) break;
  }
  if (deleted > 0) log.info({ uidd, deleted, retentionDays }, 'retention deleted old segments');
  if (alive) deleted += await sweepGoneRecorders({ store, repo, uidd, cutoffMs: cutoff, alive, log });
  return deleted;
}

/** Deletes segments: files first (wherever the store keeps them), then rows (see applyRetention). */
export async function deleteSegments(
  store: SegmentStore,
  repo: SegmentsRepository,
  batch: readonly Segment[],
): Promise<void> {
  await store.delete(batch.map((s) => s.path));
  await repo.deleteIds(batch.map((s) => s.id));
}
