import { EventEmitter } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EpochMs, LiveVideo, Uidd } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import type { CameraChange, CameraSource, RecorderCamera } from './camera-source.ts';
import { secretsOf } from './ffmpeg/redact.ts';
import type { LiveListener } from './live/live-hub.ts';
import { LiveTranscoder } from './live/transcoder.ts';
import { type RecorderLog, redactingLog, silentLog } from './log.ts';
import { MotionWorker } from './motion/motion-worker.ts';
import { RomKeeper } from './motion/rom.ts';
import type { CameraMotionSettings, MotionSink } from './motion/sink.ts';
import { Stills } from './stills/stills.ts';
import { IndexBatcher } from './storage/index-batcher.ts';
import { recoverOpenSegments } from './storage/recovery.ts';
import { applyRetention, deleteSegments } from './storage/retention.ts';
import { LocalSegmentStore, type SegmentStore } from './storage/segment-store.ts';
import { type Segment, SegmentsRepository, type StreamName } from './storage/segments-repository.ts';
import {
  DEFAULT_WATERMARK,
  type Reclaimer,
  type StorageState,
  StorageWatermark,
  type WatermarkSettings,
} from './storage/watermark.ts';
import { StreamWorker, type StreamWorkerContext } from './stream-worker.ts';
import type { StreamStatus } from './supervisor/stream-runner.ts';

export interface RecorderOptions {
  db: Db;
  /** Recordings go to <dataDir>/recordings, stills to <dataDir>/stills. */
  dataDir: string;
  source: CameraSource;
  log?: RecorderLog;
  now?: () => number;
  ffmpegPath?: string;
  /**
   * This recorder's RECORDER_ID when several share the database (decision 0601): written into each segment row,
   * so any server can name the host holding the file. Undefined: the embedded default, the rows name no host.
   */
  recorderId?: string | undefined;
  /**
   * Where closed segments are kept, read and deleted (decision 0619); default this disk, `<dataDir>/recordings`.
   * Its `root` must be that directory: the writer writes there first. The caller closes it.
   */
  segmentStore?: SegmentStore | undefined;
  /** Segments are cut at the first keyframe after this many ms (default 4000). */
  segmentTargetMs?: number;
  /** Watchdog: ffmpeg silent this long is restarted (default 10 000). */
  stallTimeoutMs?: number;
  /** ffmpeg's RTSP socket timeout (default 5000). */
  rtspTimeoutMs?: number;
  /** Restart backoff: initial delay, doubling to the cap (defaults 1000 and 60 000). */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** A run that delivered video this long resets the backoff (default 30 000). */
  healthyRunMs?: number;
  /** ffmpeg's initial probe of a stream (default 500; raised automatically when a camera needs more). */
  analyzeMs?: number;
  /** How often each camera's thumbnail and still are refreshed (default 300 000; 0: only on request). A still
   * costs ~70 ms of CPU, most of it ffmpeg starting: 0.02 % of a core per camera at this default. */
  stillIntervalMs?: number;
  /** Closed segments are indexed together, at most this long after they close (default 1000; 0: at once). */
  indexDelayMs?: number;
  /** How often retention runs (default 600 000; 0: only on request). */
  retentionIntervalMs?: number;
  /** Free space kept on the recordings' disk by deleting the oldest footage, and the reserve left to the database
   * (decision 0208; defaults 5 %, 2 GiB, 256 MiB). */
  storageWatermark?: Partial<WatermarkSettings>;
  /** How often free space is measured (default 10 000; 0: only on request and when a write fails). */
  storageCheckIntervalMs?: number;
  /** Footage that ended less than this long ago is never deleted for space (default 60 000). */
  storageKeepRecentMs?: number;
  /** Deleted for space once no footage is left to delete (the server's event pictures). */
  storageReclaimers?: Reclaimer[];
  /** An unrecorded stream keeps running this long after its last live viewer leaves (default 30 000). */
  liveLingerMs?: number;
  /** The live H.264 fallback runs this long after its last viewer leaves (default 10 000; decision 0461). */
  transcodeLingerMs?: number;
  /** Where motion events go; without one there is no motion detection (and rom cameras keep everything). */
  motionSink?: MotionSink;
  /** Which stream motion detection decodes: 'auto' (default) the SD stream where the camera has one, else the
   * main stream's keyframes; 'main' always the main stream's keyframes. */
  motionStream?: 'auto' | 'main';
  /** Record on motion: video kept before and after events (defaults 5000 and 5000), and how long after its end a
   * segment waits for a late detection (default 15 000). */
  romPreMs?: number;
  romPostMs?: number;
  romSettleMs?: number;
}

/** A camera without motion settings of its own. */
export const DEFAULT_MOTION_SETTINGS: CameraMotionSettings = { sensitivity: 5, zones: [] };

import type { CameraRecorderStatus, RecorderEvents, StillEvent, StreamState } from './recorder-events.ts';

export type {
  CameraRecorderStatus,
  RecorderEvents,
  StatusEvent,
  StillEvent,
  StreamState,
} from './recorder-events.ts';

interface CameraEntry {
  camera: RecorderCamera;
  main: StreamWorker;
  sd: StreamWorker | undefined;
  thumbMs: EpochMs | null;
  stillMs: EpochMs | null;
  motion: MotionWorker | undefined;
  /** The stream the motion worker taps. */
  motionOn: StreamWorker | undefined;
  /** The live H.264 fallback (decision 0461), made at its first viewer. */
  transcoder: LiveTranscoder | undefined;
}

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
  private readonly stills: Stills;
  private readonly cameras = new Map<Uidd, CameraEntry>();
  private readonly ctx: StreamWorkerContext;
  private readonly motionSink: MotionSink | undefined;
  private readonly motionStream: 'auto' | 'main';
  private readonly transcodeLingerMs: number | undefined;
  private readonly ffmpegPath: string;
  private readonly indexer: IndexBatcher;
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
    this.log = redactingLog(o.log ?? silentLog, () => this.secrets());
    this.segments = new SegmentsRepository(o.db, { recorderId: o.recorderId });
    this.indexer = new IndexBatcher(this.segments, o.indexDelayMs ?? 1000, { log: this.log });
    const ffmpegPath = o.ffmpegPath ?? 'ffmpeg';
    this.ffmpegPath = ffmpegPath;
    this.stills = new Stills({ ffmpegPath, dir: this.stillsDir, db: o.db });
    this.motionSink = o.motionSink;
    this.motionStream = o.motionStream ?? 'auto';
    this.transcodeLingerMs = o.transcodeLingerMs;
    this.store = o.segmentStore ?? new LocalSegmentStore(this.recordingsDir);
    this.rom = new RomKeeper({
      store: this.store,
      segments: this.segments,
      log: this.log,
      now: this.now,
      preMs: o.romPreMs,
      postMs: o.romPostMs,
      settleMs: o.romSettleMs,
    });
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
      settings: {
        ffmpegPath,
        rtspTimeoutMs: o.rtspTimeoutMs ?? 5000,
        stallTimeoutMs: o.stallTimeoutMs ?? 10_000,
        backoffInitialMs: o.backoffInitialMs ?? 1000,
        backoffMaxMs: o.backoffMaxMs ?? 60_000,
        healthyRunMs: o.healthyRunMs ?? 30_000,
        analyzeMs: o.analyzeMs ?? 500,
      },
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
    if (r.motionSink) every(undefined, 5000, () => r.rom.prune());
    return r;
  }

  /** Stops every ffmpeg politely and closes (and indexes) every open segment. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    for (const t of this.timers) clearInterval(t);
    await this.changes;
    await this.indexer.immediate();
    await Promise.all(
      Array.from(this.cameras.values(), (c) =>
        Promise.all([
          c.main.close(),
          c.sd?.close() ?? Promise.resolve(),
          c.motion?.close(),
          c.transcoder?.close(),
        ]),
      ),
    );
    this.cameras.clear();
  }

  /** Segment rows not yet indexed: waiting for the next batch, or for the database to be back (decision 0015). */
  get pendingIndexRows(): number {
    return this.indexer.pending;
  }

  status(uidd: Uidd): CameraRecorderStatus | undefined {
    const c = this.cameras.get(uidd);
    if (!c) return undefined;
    const state = (w: StreamWorker): StreamState => ({
      status: w.runner.status,
      running: w.runner.running,
      recording: w.recording,
      liveViewers: w.hub.subscribers,
      mimeType: w.mimeType,
      problem: w.runner.problem,
    });
    const last = Math.max(c.main.runner.lastDataAt ?? 0, c.sd?.runner.lastDataAt ?? 0);
    return {
      uidd,
      status: c.main.runner.status,
      lastActivity: last > 0 ? (last as EpochMs) : null,
      lastThumbTime: c.thumbMs,
      lastStill: c.stillMs,
      streams: c.sd ? { main: state(c.main), sd: state(c.sd) } : { main: state(c.main) },
    };
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
    const c = this.cameras.get(uidd);
    if (c && video === 'h264') return this.transcoderOf(c).subscribe(listener);
    const worker = stream === 'main' ? c?.main : c?.sd;
    if (!worker) throw new Error(`no ${stream} stream for camera ${uidd}`);
    return worker.subscribe(listener);
  }

  /** The camera's live H.264 fallback: whether it runs, its ffmpeg's pid (tests, support). */
  liveTranscode(uidd: Uidd): { running: boolean; pid: number | undefined; starts: number } | undefined {
    const t = this.cameras.get(uidd)?.transcoder;
    return t && { running: t.running, pid: t.pid, starts: t.stats.starts };
  }

  /**
   * The live H.264 fallback of a camera (decision 0461), whichever stream was asked for: it converts the SD
   * substream where there is one (a quarter of main's decoding, and the fallback is made at SD size anyway).
   */
  private transcoderOf(c: CameraEntry): LiveTranscoder {
    c.transcoder ??= new LiveTranscoder({
      ffmpegPath: this.ffmpegPath,
      log: this.log,
      name: c.camera.uidd,
      source: (listener) => (c.sd ?? c.main).subscribe(listener),
      lingerMs: this.transcodeLingerMs,
    });
    return c.transcoder;
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
    const { still } = await this.stills.snapshot(kf.init.data, kf.fragment.data);
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
    await applyRetention(this.store, this.segments, uidd, 0, Number.MAX_SAFE_INTEGER, this.log);
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
      await Promise.all([
        c.main.close(),
        c.sd?.close() ?? Promise.resolve(),
        c.motion?.close(),
        c.transcoder?.close(),
      ]);
      this.log.info({ uidd: change.uidd }, 'camera removed');
      return;
    }
    const cam = change.camera;
    const record = cam.recording !== 'off';
    // One stream is recorded: the main stream, or the SD stream when the recording resolution asks (0701).
    const recordSd = record && cam.recordStream === 'sd' && Boolean(cam.streams.sd);
    const audio = cam.audio !== false;
    this.rom.setRom(cam.uidd, cam.recording === 'rom' && this.motionSink !== undefined);
    const c = this.cameras.get(cam.uidd);
    if (!c) {
      const latest = await this.stills.latest(cam.uidd);
      const entry: CameraEntry = {
        camera: cam,
        main: new StreamWorker(this.ctx, cam.uidd, 'main', cam.streams.main, record && !recordSd, audio),
        sd: cam.streams.sd
          ? new StreamWorker(this.ctx, cam.uidd, 'sd', cam.streams.sd, recordSd, audio)
          : undefined,
        thumbMs: latest?.thumbMs ?? null,
        stillMs: latest?.stillMs ?? null,
        motion: undefined,
        motionOn: undefined,
        transcoder: undefined,
      };
      this.cameras.set(cam.uidd, entry);
      await this.syncMotion(entry);
      this.log.info(
        { uidd: cam.uidd, recording: cam.recording, sd: Boolean(cam.streams.sd) },
        'camera added',
      );
      return;
    }
    c.camera = cam;
    // The fallback reads SD where there is one: a change of stream starts it anew (its viewers reconnect).
    if (Boolean(cam.streams.sd) !== Boolean(c.sd)) {
      const t = c.transcoder;
      c.transcoder = undefined;
      await t?.close();
    }
    await c.main.setUrl(cam.streams.main);
    await c.main.setAudio(audio);
    await c.main.setRecord(record && !recordSd);
    if (cam.streams.sd && c.sd) {
      await c.sd.setUrl(cam.streams.sd);
      await c.sd.setAudio(audio);
      await c.sd.setRecord(recordSd);
    } else if (cam.streams.sd)
      c.sd = new StreamWorker(this.ctx, cam.uidd, 'sd', cam.streams.sd, recordSd, audio);
    else if (c.sd) {
      const sd = c.sd;
      c.sd = undefined;
      if (c.motionOn === sd) await this.stopMotion(c);
      await sd.close();
    }
    await this.syncMotion(c);
  }

  /**
   * Motion detection runs on recorded cameras when there is a sink, tapping the SD stream where there is one
   * (motionStream 'auto') or the main stream's keyframes (decision 0550).
   */
  private async syncMotion(c: CameraEntry): Promise<void> {
    const cam = c.camera;
    const wanted = this.motionSink !== undefined && cam.recording !== 'off';
    const on = this.motionStream === 'auto' && c.sd ? c.sd : c.main;
    if (!wanted || (c.motionOn && c.motionOn !== on)) await this.stopMotion(c);
    if (!wanted || !this.motionSink) return;
    const settings = cam.motion ?? DEFAULT_MOTION_SETTINGS;
    const rom = cam.recording === 'rom';
    if (c.motion) {
      c.motion.update(settings, rom);
      return;
    }
    const uidd = cam.uidd;
    const main = c.main;
    const worker = new MotionWorker({
      uidd,
      ffmpegPath: this.ffmpegPath,
      log: this.log,
      settings,
      rom,
      sink: this.motionSink,
      pictures: (s) => this.stills.snapshot(s.init, s.keyframe),
      mainKeyframe:
        on === main
          ? undefined
          : () => {
              const kf = main.hub.keyframe();
              const video = kf?.init.info.video;
              return kf
                ? {
                    init: kf.init.data,
                    keyframe: kf.fragment.data,
                    wallMs: kf.fragment.wallMs,
                    width: video?.width,
                    height: video?.height,
                    codec: video?.codec,
                  }
                : undefined;
            },
      notice: (n) => this.emit('motion', n),
      window: (w) => this.rom.window(uidd, w),
      read: on.readSpan,
    });
    c.motion = worker;
    c.motionOn = on;
    on.setTap({
      onInit: (init) => worker.onInit(init),
      onFragment: (f, at) => worker.onFragment(f, at),
      onRunEnd: () => worker.onRunEnd(),
    });
  }

  private async stopMotion(c: CameraEntry): Promise<void> {
    const worker = c.motion;
    c.motionOn?.setTap(undefined);
    c.motion = undefined;
    c.motionOn = undefined;
    await worker?.close();
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
