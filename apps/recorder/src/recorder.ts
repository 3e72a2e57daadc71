import { EventEmitter } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EpochMs, LiveVideo, Uidd } from '@vigil/contracts';
import { type MotionDeps, stopMotion, syncMotion } from './camera-motion.ts';
import type { CameraChange } from './camera-source.ts';
import {
  type CameraEntry,
  cameraStatus,
  closeCameraEntry,
  newCameraEntry,
  updateCameraEntry,
} from './camera-streams.ts';
import { secretsOf } from './ffmpeg/redact.ts';
import { ANALYSIS_NICE } from './labels/settings.ts';
import type { LiveListener } from './live/live-hub.ts';
import { liveTranscodeOf, subscribeLive, type TranscoderDeps } from './live-fanout.ts';
import { type RecorderLog, redactingLog, silentLog } from './log.ts';
import type { MotionWorker } from './motion/motion-worker.ts';
import { RomKeeper } from './motion/rom.ts';
import type { CameraRecorderStatus, RecorderEvents, StillEvent } from './recorder-events.ts';
import { type RecorderOptions, supervisionSettings } from './recorder-options.ts';
import { Stills } from './stills/stills.ts';
import type { RecordersAlive } from './storage/gone-retention.ts';
import { IndexBatcher } from './storage/index-batcher.ts';
import { recoverOpenSegments } from './storage/recovery.ts';
import { applyRetention, deleteSegments } from './storage/retention.ts';
import { LocalSegmentStore, type SegmentStore } from './storage/segment-store.ts';
import { type Segment, SegmentsRepository, type StreamName } from './storage/segments-repository.ts';
import { StoredMarker } from './storage/stored-marker.ts';
import { DEFAULT_WATERMARK, type StorageState, StorageWatermark } from './storage/watermark.ts';
import type { StreamWorkerContext } from './stream-worker.ts';
import type { StreamStatus } from './supervisor/stream-runner.ts';

export { DEFAULT_MOTION_SETTINGS } from './camera-motion.ts';
export type {
  CameraRecorderStatus,
  RecorderEvents,
  StatusEvent,
  StillEvent,
  StreamState,
} from './recorder-events.ts';
export type { RecorderOptions } from './recorder-options.ts';

/**
 * The recorder: one supervised ffmpeg per camera stream, keyframe-aligned fMP4 segments on disk indexed in the
 * database, a live prebuffer per stream, stills and retention. Cameras come from a CameraSource and may change
 * at any time.
 */
export class Recorder extends EventEmitter<RecorderEvents> {
  readonly recordingsDir: string;
  readonly stillsDir: string;
  readonly segments: SegmentsRepository;
  /** Where closed segments are kept, read and deleted (decision 0619): this disk unless told. */
  readonly store: SegmentStore;
  private readonly log: RecorderLog;
  private readonly now: () => number;
  /** A fleet's: which other recorders are alive, for retention of the footage of those gone (decision 0882). */
  private readonly recordersAlive: RecordersAlive | undefined;
  private readonly stills: Stills;
  private readonly cameras = new Map<Uidd, CameraEntry>();
  private readonly ctx: StreamWorkerContext;
  private readonly motion: MotionDeps;
  private readonly live: TranscoderDeps;
  private readonly indexer: IndexBatcher;
  /** Segments uploaded to a bucket, marked in the index (decision 0856). */
  private readonly stored: StoredMarker;
  readonly rom: RomKeeper;
  readonly watermark: StorageWatermark;
  private changes: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private timers: NodeJS.Timeout[] = [];
  /** When a failed write last asked for a storage check. */
  private failCheckAt = 0;
  private stopped = false;

  private constructor(o: RecorderOptions) {
    super();
    this.recordingsDir = join(o.dataDir, 'recordings');
    this.stillsDir = join(o.dataDir, 'stills');
    this.now = o.now ?? Date.now;
    this.recordersAlive = o.recordersAlive;
    this.log = redactingLog(o.log ?? silentLog, () => this.secrets());
    this.segments = new SegmentsRepository(o.db, { recorderId: o.recorderId });
    this.indexer = new IndexBatcher(this.segments, o.indexDelayMs ?? 1000, { log: this.log });
    const settings = supervisionSettings(o);
    const ffmpegPath = settings.ffmpegPath;
    this.stills = new Stills({ ffmpegPath, dir: this.stillsDir, db: o.db });
    this.live = { ffmpegPath, log: this.log, lingerMs: o.transcodeLingerMs };
    this.store = o.segmentStore ?? new LocalSegmentStore(this.recordingsDir);
    this.stored = new StoredMarker(this.segments, { log: this.log, now: this.now });
    this.store.onStored?.((path) => this.stored.add(path));
    this.rom = new RomKeeper({
      store: this.store,
      segments: this.segments,
      log: this.log,
      now: this.now,
      preMs: o.romPreMs,
      postMs: o.romPostMs,
      settleMs: o.romSettleMs,
    });
    this.motion = {
      sink: o.motionSink,
      stream: o.motionStream ?? 'auto',
      ffmpegPath,
      log: this.log,
      stills: this.stills,
      rom: this.rom,
      notice: (n) => this.emit('motion', n),
    };
    this.watermark = new StorageWatermark({
      root: this.recordingsDir,
      store: this.store,
      repo: this.segments,
      settings: { ...DEFAULT_WATERMARK, ...o.storageWatermark },
      keepRecentMs: o.storageKeepRecentMs ?? 60_000,
      reclaimers: () => o.storageReclaimers ?? [],
      log: this.log,
      now: this.now,
    });
    this.ctx = {
      settings,
      recordingsDir: this.recordingsDir,
      segmentTargetMs: o.segmentTargetMs ?? 4000,
      liveLingerMs: o.liveLingerMs ?? 30_000,
      log: this.log,
      now: this.now,
      index: (s) => this.indexer.add(s),
      onSegment: (s) => {
        this.store.closed(s.path);
        this.rom.segmentClosed(s);
        this.emit('segment', s);
      },
      hasRoom: () => this.watermark.hasRoom(),
      onWriteFailed: () => {
        // Every camera's every write fails on a full disk: one check a second is enough.
        if (Date.now() - this.failCheckAt < 1000) return;
        this.failCheckAt = Date.now();
        void this.checkStorage().catch((err: unknown) =>
          this.log.error({ err: String(err) }, 'storage check failed'),
        );
      },
      onStatus: (uidd, stream, status) => this.onStatus(uidd, stream, status),
    };
  }

  /** Recovers what a crash left open, starts every camera of the source and follows its changes. */
  static async start(o: RecorderOptions): Promise<Recorder> {
    const r = new Recorder(o);
    mkdirSync(r.recordingsDir, { recursive: true });
    await recoverOpenSegments(r.recordingsDir, r.segments, r.log);
    // Before any camera starts: a disk left full by the last run is freed first. A failure (the index database
    // on the same full disk) must not keep the recorder from starting: the next check tries again.
    await r.checkStorage().catch((err: unknown) => {
      r.log.error({ err: String(err) }, 'storage check failed');
    });
    for (const camera of await o.source.list()) await r.apply({ type: 'upsert', camera });
    r.unsubscribe = o.source.subscribe((change) => {
      r.changes = r.changes
        .then(() => r.apply(change))
        .catch((err: unknown) => {
          r.log.error({ err: String(err) }, 'camera change failed');
        });
    });
    const every = (ms: number | undefined, fallback: number, job: () => Promise<unknown>): void => {
      const period = ms ?? fallback;
      if (period > 0) r.timers.push(setInterval(() => void job().catch(() => {}), period));
    };
    every(o.stillIntervalMs, 300_000, () => r.refreshAllStills());
    every(o.retentionIntervalMs, 600_000, () => r.runRetention());
    every(o.storageCheckIntervalMs, 10_000, () =>
      r.checkStorage().catch((err: unknown) => r.log.error({ err: String(err) }, 'storage check failed')),
    );
    if (r.motion.sink) every(undefined, 5000, () => r.rom.prune());
    return r;
  }

  /** Stops every ffmpeg politely and closes (and indexes) every open segment. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    for (const t of this.timers) clearInterval(t);
    await this.changes;
    await this.indexer.immediate();
    await Promise.all(Array.from(this.cameras.values(), closeCameraEntry));
    this.cameras.clear();
    await this.stored.flush();
    this.stored.close();
  }

  /** Segment rows not yet indexed: waiting for the next batch, or for the database to be back (decision 0015). */
  get pendingIndexRows(): number {
    return this.indexer.pending;
  }

  status(uidd: Uidd): CameraRecorderStatus | undefined {
    const c = this.cameras.get(uidd);
    return c && cameraStatus(uidd, c);
  }

  statuses(): CameraRecorderStatus[] {
    return [...this.cameras.keys()].map((u) => this.status(u) as CameraRecorderStatus);
  }

  /**
   * Live: the listener gets the init segment and the fragments since the last keyframe at once (synchronously,
   * before this returns), then every new fragment. A stream nobody records starts on the first subscriber.
   * Returns the unsubscribe function. Throws when the camera or the stream is unknown.
   */
  subscribeLive(
    uidd: Uidd,
    stream: StreamName,
    listener: LiveListener,
    video: LiveVideo = 'original',
  ): () => void {
    return subscribeLive(this.cameras.get(uidd), uidd, stream, listener, video, this.live);
  }

  /** The camera's live H.264 fallback: whether it runs, its ffmpeg's pid (tests, support). */
  liveTranscode(uidd: Uidd): { running: boolean; pid: number | undefined; starts: number } | undefined {
    return liveTranscodeOf(this.cameras.get(uidd));
  }

  /** The latest thumbnail and still (absolute JPEG paths and picture times). */
  latestStills(uidd: Uidd): ReturnType<Stills['latest']> {
    return this.stills.latest(uidd);
  }

  /** Takes a new thumbnail and still from the live prebuffer's keyframe now (thumbscommand). */
  async refreshStill(uidd: Uidd): Promise<StillEvent | undefined> {
    const c = this.cameras.get(uidd);
    const kf = c?.main.hub.keyframe();
    if (!c || !kf) return undefined;
    const s = await this.stills.fromKeyframe(uidd, kf.init.data, kf.fragment.data, kf.fragment.wallMs);
    c.thumbMs = s.thumbMs;
    c.stillMs = s.stillMs;
    const ev: StillEvent = { uidd, thumbMs: s.thumbMs as EpochMs, stillMs: s.stillMs as EpochMs };
    this.emit('still', ev);
    return ev;
  }

  /**
   * A JPEG of the newest keyframe of the camera's sub stream (its main stream without one), taken after `afterMs`:
   * people counting looks at it while motion lasts (decision 0794). Nothing is written; undefined when no newer
   * keyframe has come. One decode in the stills queue, one job at a time.
   */
  async keyframePicture(uidd: Uidd, afterMs = 0): Promise<{ jpeg: Buffer; atMs: EpochMs } | undefined> {
    const c = this.cameras.get(uidd);
    const sd = c?.sd?.hub.keyframe();
    const main = c?.main.hub.keyframe();
    // The sub stream runs only while something uses it: a keyframe of it far behind main's is from before.
    const kf = sd && (!main || sd.fragment.wallMs >= main.fragment.wallMs - 5_000) ? sd : main;
    if (!kf || kf.fragment.wallMs <= afterMs) return undefined;
    // Only analytics look at it: decoded below recording and live (decision 0798).
    const { still } = await this.stills.snapshot(kf.init.data, kf.fragment.data, ANALYSIS_NICE);
    return { jpeg: still, atMs: kf.fragment.wallMs as EpochMs };
  }

  /** A JPEG of the recorded frame at `ms` (hdstill), or null when nothing was recorded then. */
  async stillAt(uidd: Uidd, ms: EpochMs, stream: StreamName = 'main'): Promise<Buffer | null> {
    const seg = await this.segments.at(uidd, stream, ms);
    if (!seg) return null;
    const staged = await this.store.stage([seg.initPath, seg.path]);
    try {
      const [init, data] = await Promise.all([
        readFile(join(staged.dir, seg.initPath)),
        readFile(join(staged.dir, seg.path)),
      ]);
      return this.stills.fromSegment(init, data, Math.max(0, (ms - seg.startMs) / 1000));
    } finally {
      staged.release();
    }
  }

  /** Absolute path of a file named in the index (segment or init). */
  resolve(relPath: string): string {
    return join(this.recordingsDir, relPath);
  }

  /** Deletes every camera's segments older than its retention; returns how many. */
  async runRetention(): Promise<number> {
    let deleted = 0;
    for (const c of Array.from(this.cameras.values())) {
      deleted += await applyRetention(
        this.store,
        this.segments,
        c.camera.uidd,
        c.camera.retentionDays,
        this.now(),
        this.log,
        this.recordersAlive,
      );
    }
    return deleted;
  }

  /** Measures free space and deletes the oldest footage while it is below the watermark (decision 0208). */
  async checkStorage(): Promise<StorageState> {
    const after = await this.watermark.check();
    this.emit('storage', after);
    return after;
  }

  /** The storage watermark's state after its last check. */
  get storage(): StorageState {
    return this.watermark.state;
  }

  /** Deletes all of a camera's recordings and stills (the camera was deleted). */
  async deleteRecordings(uidd: Uidd): Promise<void> {
    // A removal of this camera may still be closing its open segment: let it finish first.
    await this.changes;
    // Every recorder told of the deletion also deletes the footage of those gone (idempotent, decision 0882).
    await applyRetention(
      this.store,
      this.segments,
      uidd,
      0,
      Number.MAX_SAFE_INTEGER,
      this.log,
      this.recordersAlive,
    );
    if (!this.cameras.has(uidd)) {
      // What retention leaves: the camera's init segments (and files no row names, from a crash).
      const left: string[] = [];
      for await (const f of this.store.list(`${uidd}/`)) left.push(f.path);
      await this.store.delete(left);
      rmSync(join(this.recordingsDir, uidd), { recursive: true, force: true });
    }
    await this.stills.forget(uidd);
  }

  /**
   * Deletes some of this recorder's own segments, files and rows: its copy of footage another recorder also holds
   * after a hand-over of the camera (decision 0600).
   */
  async forgetSegments(segments: readonly Segment[]): Promise<void> {
    if (segments.length > 0) await deleteSegments(this.store, this.segments, segments);
  }

  private async apply(change: CameraChange): Promise<void> {
    if (this.stopped) return;
    if (change.type === 'remove') {
      const c = this.cameras.get(change.uidd);
      if (!c) return;
      this.cameras.delete(change.uidd);
      this.rom.forget(change.uidd);
      await closeCameraEntry(c);
      this.log.info({ uidd: change.uidd }, 'camera removed');
      return;
    }
    const cam = change.camera;
    this.rom.setRom(cam.uidd, cam.recording === 'rom' && this.motion.sink !== undefined);
    const c = this.cameras.get(cam.uidd);
    if (!c) {
      const entry = newCameraEntry(this.ctx, cam, await this.stills.latest(cam.uidd));
      this.cameras.set(cam.uidd, entry);
      await syncMotion(this.motion, entry);
      this.log.info(
        { uidd: cam.uidd, recording: cam.recording, sd: Boolean(cam.streams.sd) },
        'camera added',
      );
      return;
    }
    await updateCameraEntry(this.ctx, c, cam, async (sd) => {
      if (c.motionOn === sd) await stopMotion(c);
    });
    await syncMotion(this.motion, c);
  }

  /** The motion decoder's counters for a camera (benchmarks, support). */
  motionStats(uidd: Uidd): MotionWorker['stats'] | undefined {
    return this.cameras.get(uidd)?.motion?.stats;
  }

  private onStatus(uidd: Uidd, stream: StreamName, status: StreamStatus): void {
    this.emit('status', { uidd, stream, status, at: this.now() as EpochMs });
    if (status === 'online' && stream === 'main') {
      // A fresh still soon after a camera comes (back) online, once it has sent a keyframe.
      const t = setTimeout(() => void this.refreshStill(uidd).catch(() => {}), 1000);
      t.unref();
    }
  }

  private async refreshAllStills(): Promise<void> {
    for (const uidd of Array.from(this.cameras.keys())) {
      try {
        await this.refreshStill(uidd);
      } catch (err) {
        this.log.warn({ uidd, err: String(err) }, 'still failed');
      }
    }
  }

  private secrets(): string[] {
    const out: string[] = [];
    for (const c of this.cameras.values()) {
      out.push(...secretsOf(c.camera.streams.main));
      if (c.camera.streams.sd) out.push(...secretsOf(c.camera.streams.sd));
    }
    return out;
  }
}
