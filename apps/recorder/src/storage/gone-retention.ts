import type { EpochMs, Uidd } from '@vigil/contracts';
import type { RecorderLog } from '../log.ts';
import type { SegmentStore } from './segment-store.ts';
import type { SegmentsRepository } from './segments-repository.ts';

const BATCH = 500;

/** Which of these recorders are alive (heartbeat within the lease time, decision 0600); the others are gone. */
export type RecordersAlive = (ids: readonly string[]) => Promise<ReadonlySet<string>>;

/**
 * Retention of a camera's footage whose recorder is gone (decision 0882): the rows other recorders wrote that ended
 * before `cutoffMs`, of the recorders `alive` does not name: their objects in the bucket, then their rows. A row
 * never uploaded names a file on a dead host's disk, which nobody can read (0615): its row goes too (a recorder that
 * comes back keeps that file; see the decision). Without a bucket here the uploaded
 * rows are left (their objects could not be deleted). Live recorders' rows are theirs to delete (0601).
 * Answers how many rows were deleted.
 */
export async function sweepGoneRecorders(o: {
  store: SegmentStore;
  repo: SegmentsRepository;
  uidd: Uidd;
  cutoffMs: EpochMs;
  alive: RecordersAlive;
  log: RecorderLog;
}): Promise<number> {
  const skip = new Set<string>();
  const stored = o.store.kind === 's3';
  let deleted = 0;
  for (;;) {
    const batch = await o.repo.othersEndedBefore(o.uidd, o.cutoffMs, BATCH, { skip: [...skip], stored });
    if (batch.length === 0) break;
    const ids = [...new Set(batch.flatMap((s) => (s.recorderId === undefined ? [] : [s.recorderId])))];
    const alive = await o.alive(ids);
    for (const id of alive) skip.add(id);
    const gone = batch.filter((s) => s.recorderId !== undefined && !alive.has(s.recorderId));
    // Objects first, then rows (as applyRetention): a crash between leaves rows the next sweep deletes again. The
    // unmarked ones too: a mark lost to a crash (0856) would leave an object no row names; deleting a missing
    // object is no error, and all go in one request.
    await o.store.delete(gone.map((s) => s.path));
    await o.repo.deleteIds(gone.map((s) => s.id));
    deleted += gone.length;
    // Each pass deletes rows or learns of a live recorder to leave out: it ends.
  }
  if (deleted > 0) o.log.info({ uidd: o.uidd, deleted }, 'retention deleted footage of recorders gone');
  return deleted;
}
