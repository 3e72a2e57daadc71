import { statfsSync, statSync } from 'node:fs';
import type { EpochMs, Uidd } from '@vigil/contracts';
import type { RecorderLog } from '../log.ts';
import { parseSegmentName } from './layout.ts';
import { deleteSegments } from './retention.ts';
import type { SegmentStore } from './segment-store.ts';
import type { Segment, SegmentsRepository, StreamName } from './segments-repository.ts';

/** The free space to keep: whichever is larger of a share of the disk and a fixed amount (decision 0208). */
export interface WatermarkSettings {
  /** Percent of the file system's size (default 5). */
  minFreePercent: number;
  /** Bytes (default 2 GiB). */
  minFreeBytes: number;
  /**
   * Below this much free space no new segment is opened (default 256 MiB): when the disk is full of something the
   * watermark cannot delete, the last room is the database's (SQLite under DATA_DIR, its WAL), not the cameras'.
   */
  reserveBytes: number;
}

export const DEFAULT_WATERMARK: WatermarkSettings = {
  minFreePercent: 5,
  minFreeBytes: 2 * 1024 ** 3,
  reserveBytes: 256 * 1024 ** 2,
};

/** Bytes that must stay free on a file system of `totalBytes`. */
export function requiredFreeBytes(
  totalBytes: number,
  s: Pick<WatermarkSettings, 'minFreePercent' | 'minFreeBytes'>,
): number {
  return Math.max((totalBytes * s.minFreePercent) / 100, s.minFreeBytes);
}

export interface DiskSpace {
  totalBytes: number;
  freeBytes: number;
}

/** Space of the file system holding `path`, as an unprivileged process may use it (bavail, not bfree). */
export function diskSpace(path: string): DiskSpace {
  const s = statfsSync(path);
  return { totalBytes: s.blocks * s.bsize, freeBytes: s.bavail * s.bsize };
}

/**
 * Something else that may be deleted once no footage is left to delete (the server's event pictures): `reclaim`
 * deletes about `bytes` of its oldest and says how many it freed (0: nothing left). Used only while `dir` is on the
 * recordings' file system: freeing another disk would not help.
 */
export interface Reclaimer {
  dir: string;
  reclaim(bytes: number): Promise<number>;
}

export interface StorageState {
  /** 'full': the watermark cannot be kept, even with every deletable file gone (the disk holds other things). */
  state: 'ok' | 'full';
  totalBytes: number;
  freeBytes: number;
  requiredFreeBytes: number;
  /** Free space is below the reserve: segments are not recorded until there is room again. */
  paused: boolean;
  /** When the state last changed, epoch ms. */
  since: EpochMs;
}

export interface WatermarkOptions {
  /** The recordings' directory on this host: the disk measured. */
  root: string;
  /** Where footage deleted for space is deleted from (this disk, and a bucket's copy too: decision 0619). */
  store: SegmentStore;
  repo: SegmentsRepository;
  settings: WatermarkSettings;
  /** Footage that ended less than this long ago is never deleted for space (the open segment's neighbours,
   * which live viewers and motion refinement read back). */
  keepRecentMs: number;
  reclaimers: () => readonly Reclaimer[];
  log: RecorderLog;
  now: () => number;
  space?: (path: string) => DiskSpace;
}

function sameFileSystem(a: string, b: string): boolean {
  try {
    return statSync(a).dev === statSync(b).dev;
  } catch {
    return false; // Not there yet: nothing of it to delete.
  }
}

/** Segments deleted per step before free space is measured again. */
const STEP = 50;

/**
 * Keeps free space on the recordings' file system above the watermark by deleting the oldest footage of every
 * camera first (oldest across cameras and accounts: a camera's retention is a promise kept only while space
 * allows), then what the reclaimers hold (event pictures). When even that cannot free enough the state is 'full'.
 */
export class StorageWatermark {
  private readonly o: WatermarkOptions;
  private current: StorageState;
  private running: Promise<StorageState> | undefined;

  constructor(o: WatermarkOptions) {
    this.o = o;
    this.current = {
      state: 'ok',
      totalBytes: 0,
      freeBytes: 0,
      requiredFreeBytes: 0,
      paused: false,
      since: o.now() as EpochMs,
    };
  }

  get state(): StorageState {
    return this.current;
  }

  /**
   * Whether a new segment may be opened: free space above the reserve, measured now (one statfs, a few
   * microseconds, once per segment). Under it the state says paused until a pass finds room again.
   */
  hasRoom(): boolean {
    let free: number;
    try {
      free = (this.o.space ?? diskSpace)(this.o.root).freeBytes;
    } catch {
      return true; // Not measurable (the folder is being made): the write itself will say.
    }
    const room = free >= this.o.settings.reserveBytes;
    if (!room && !this.current.paused) {
      this.current = { ...this.current, paused: true, freeBytes: free };
      this.o.log.error(
        { freeBytes: free, reserveBytes: this.o.settings.reserveBytes },
        'storage reserve reached: segments are not recorded until there is room',
      );
    }
    return room;
  }

  /** One pass; concurrent calls share the pass under way. */
  check(): Promise<StorageState> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private measure(): DiskSpace & { required: number; short: number } {
    const space = (this.o.space ?? diskSpace)(this.o.root);
    const required = requiredFreeBytes(space.totalBytes, this.o.settings);
    return { ...space, required, short: Math.max(0, required - space.freeBytes) };
  }

  private async pass(): Promise<StorageState> {
    let m = this.measure();
    let deleted = 0;
    // A disk that caches a bucket (0619): first the copies already uploaded, which loses nothing.
    const store = this.o.store;
    while (m.short > 0 && store.reclaimLocal && (await store.reclaimLocal(m.short)) > 0) m = this.measure();
    const pending = store.pendingLocal?.bind(store);
    // Read once a pass: DISTINCT walks the whole (camera, start) index.
    const cameras = m.short > 0 && !pending ? await this.o.repo.cameras() : [];
    while (m.short > 0) {
      const batch = pending ? await this.oldestPending(pending) : await this.oldestSegments(cameras);
      if (batch.length === 0) break;
      await deleteSegments(this.o.store, this.o.repo, batch);
      deleted += batch.length;
      m = this.measure();
    }
    let reclaimed = 0;
    for (const r of this.o.reclaimers()) {
      if (m.short > 0 && !sameFileSystem(r.dir, this.o.root)) continue;
      while (m.short > 0) {
        const freed = await r.reclaim(m.short);
        if (freed <= 0) break;
        reclaimed += freed;
        m = this.measure();
      }
    }
    // Info, not warn: a disk kept at its watermark is an NVR's steady state (a pass every check deletes a little).
    if (deleted > 0 || reclaimed > 0)
      this.o.log.info(
        {
          deletedSegments: deleted,
          reclaimedBytes: reclaimed,
          freeBytes: m.freeBytes,
          requiredFreeBytes: m.required,
        },
        'storage watermark: deleted the oldest footage to keep free space',
      );
    const state = m.short > 0 ? 'full' : 'ok';
    const since = state === this.current.state ? this.current.since : (this.o.now() as EpochMs);
    if (state !== this.current.state)
      this.o.log[state === 'full' ? 'error' : 'info'](
        { freeBytes: m.freeBytes, requiredFreeBytes: m.required },
        state === 'full' ? 'storage full: the watermark cannot be kept' : 'storage back above the watermark',
      );
    this.current = {
      state,
      totalBytes: m.totalBytes,
      freeBytes: m.freeBytes,
      requiredFreeBytes: m.required,
      paused: m.freeBytes < this.o.settings.reserveBytes,
      since,
    };
    return this.current;
  }

  /**
   * With a bucket (0619): the oldest segments still waiting for their upload, the only footage this disk holds; their
   * rows are found by the start their file is named after (within the segment: the start recorded at close is at
   * most a little earlier), and kept only when the row names that very file.
   */
  private async oldestPending(pending: (limit: number) => string[]): Promise<Segment[]> {
    const cutoff = this.o.now() - this.o.keepRecentMs;
    const out: Segment[] = [];
    for (const path of pending(STEP)) {
      const [uidd, stream, , name] = path.split('/') as [Uidd, StreamName, string, string | undefined];
      const named = name === undefined ? undefined : parseSegmentName(name);
      const row = named && (await this.o.repo.at(uidd, stream, named.startMs as EpochMs));
      if (row?.path === path && row.endMs <= cutoff) out.push(row);
    }
    return out;
  }

  /** The oldest deletable segments across every camera: each camera's oldest (its index), merged. */
  private async oldestSegments(cameras: readonly Uidd[]): Promise<Segment[]> {
    const cutoff = (this.o.now() - this.o.keepRecentMs) as EpochMs;
    const all: Segment[] = [];
    for (const uidd of cameras) all.push(...(await this.o.repo.endedBefore(uidd, cutoff, STEP)));
    return all.sort((a, b) => a.startMs - b.startMs).slice(0, STEP);
  }
}
