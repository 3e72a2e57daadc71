import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  CAMERA_STATUS_DEBOUNCE_MS,
  type EpochMs,
  type LiveStream,
  type LiveVideo,
  livePath,
  type Uidd,
} from '@vigil/contracts';
import type { Db } from '@vigil/db';
import {
  type LiveListener,
  type MotionSink,
  type Reclaimer,
  Recorder,
  type RecorderOptions,
  type Segment,
  type SegmentStore,
  type StorageState,
} from '@vigil/recorder';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import {
  type CameraStatusProvider,
  type CameraStatusReport,
  STORAGE_FULL,
} from '../cameras/status-provider.ts';
import { type StatusTally, type TallyQuery, tallyReports } from '../cameras/status-tally.ts';
import type { CameraChange, CameraTaskReply, CameraTaskRequest, CameraTasks } from '../cameras/tasks.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { type CameraLookup, DirectoryCameraSource, type RecordingSource } from './directory-source.ts';
import { LiveSessions } from './live-sessions.ts';
import { type CameraStatusChange, type NoticedState, StatusChanges } from './status-changes.ts';
import { StatusNoticesRepository } from './status-notices-repository.ts';

/** What the live and stills routes need; the recorder in this process, or a stand-in in tests. */
export interface RecordingPort {
  /** The status provider and task runner the cameras feature is built with. */
  readonly integrations: { statusProvider: CameraStatusProvider; tasks: CameraTasks };
  start(deps: RecordingDeps): Promise<void>;
  stop(): Promise<void>;
  /**
   * Live: the listener gets the init segment and the fragments since the last keyframe at once, then every new
   * fragment. Throws `live_unavailable` (503) when the recorder does not serve this camera stream. `video`
   * 'h264': the camera's live H.264 fallback instead (decision 0461).
   */
  watch(uidd: Uidd, stream: LiveStream, listener: LiveListener, video?: LiveVideo): Promise<() => void>;
  /** The latest thumbnail or still as JPEG, or undefined when there is none yet. */
  latestImage(uidd: Uidd, kind: 'thumb' | 'still'): Promise<Buffer | undefined>;
  /** The recorded frame at `ms` as JPEG, or null when nothing was recorded then. */
  stillAt(uidd: Uidd, ms: EpochMs): Promise<Buffer | null>;
  /** The newest live keyframe after `afterMs` as JPEG (sub stream first; people counting, decision 0794). */
  keyframePicture?(uidd: Uidd, afterMs: number): Promise<{ jpeg: Buffer; atMs: EpochMs } | undefined>;
  /** The recordings' disk after the storage watermark's last check (decision 0208); undefined before it starts. */
  storage?(): StorageState | undefined;
  /** Segment rows not yet in the database (they wait while it is away: decision 0015). */
  pendingIndexRows?(): number;
  /** Every segment this recorder closes (a fleet's hand-over tells its own footage from the successor's). */
  onSegment?(listener: (segment: Segment) => void): () => void;
  /** Deletes some of this recorder's own segments (its copy of a hand-over's overlap, decision 0600). */
  forgetSegments?(segments: readonly Segment[]): Promise<void>;
  /** Closes the motion events a dead recorder left open on cameras this one took (decision 0610). */
  orphaned?(uidds: readonly Uidd[], lastFootage: ReadonlyMap<Uidd, number>): Promise<void>;
}

export interface RecordingDeps {
  db: Db;
  cameras: CameraLookup;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  /** Where motion events go (features/motion: events table, pictures, realtime alerts). */
  motionSink?: MotionSink | undefined;
  /** Deleted for space once no footage is left to delete (event pictures, decision 0208). */
  storageReclaimers?: Reclaimer[] | undefined;
  /** The storage watermark's state after each check (the support alert, decision 0208). */
  onStorage?: ((state: StorageState) => void) | undefined;
  /** Which cameras to record; default every installed camera (a fleet's recorder: those it holds leases for). */
  source?: RecordingSource | undefined;
  /**
   * The process' segment store (decision 0619), the one its recordings feature reads: used when its directory is
   * this recorder's (`<dataDir>/recordings`); else the recorder keeps its own files on its disk.
   */
  segmentStore?: SegmentStore | undefined;
  /** A camera's online/offline change once it has lasted the debounce (the notifications, decision 0850). */
  onCameraStatus?: ((change: CameraStatusChange) => void) | undefined;
  /** A fleet's recorder: which recorders are alive, for retention of the footage of those gone (decision 0882). */
  recordersAlive?: ((ids: readonly string[]) => Promise<ReadonlySet<string>>) | undefined;
  /** Whether this process tells a camera's changes (a fleet's recorder: it holds the lease; decision 0874). */
  announces?: ((uidd: Uidd) => boolean) | undefined;
}

export interface RecordingOptions {
  dataDir: string;
  ffmpegPath?: string;
  /** Base URL of the live host when it is not this server (VIDEO_SERVICE_URL); live URLs are then absolute. */
  liveBaseUrl?: string | undefined;
  /**
   * This recorder's RECORDER_ID when recorders run apart from the servers (ROLE recorder): written into each
   * segment row so a playlist names the files on this host (decision 0601). Undefined: the embedded default.
   */
  recorderId?: string | undefined;
  /** How long a livecommand holds a stream with nobody watching (default 60 s). */
  liveHoldMs?: number;
  /** The recorder's clock (default Date.now: it times real video, whatever clock the app's tests move). */
  now?: () => number;
  /** Online/offline changes: how long one must last to be told, how often statuses are read (decision 0850;
   * defaults CAMERA_STATUS_DEBOUNCE_MS and 5000). Tests shorten them. */
  statusDebounceMs?: number;
  statusSweepMs?: number;
  /** Recorder timings; tests shorten them. */
  tuning?: Omit<RecorderOptions, 'db' | 'dataDir' | 'source' | 'log' | 'now' | 'ffmpegPath'>;
}

/** A camera that has not delivered video yet is 'starting' (the web app's loading badge) for this long. */
const STARTING_GRACE_MS = 20_000;
/** How often the cameras' statuses are read for online/offline notices (a change is told at most this late). */
const STATUS_SWEEP_MS = 5_000;
/** How long live and tasks wait for a just-installed camera to reach the recorder. */
const CAMERA_ARRIVAL_WAIT_MS = 3_000;

const unavailable = () =>
  new HttpError(503, 'live_unavailable', 'Live video of this camera is not available yet');

/**
 * The recorder in this process (the embedded default): it records the cameras of the cameras table, reports
 * their status, carries out camera tasks (live on demand, stills, uninstall, delete) and serves live and stills.
 */
export class Recording implements RecordingPort, CameraTasks, CameraStatusProvider {
  readonly #o: RecordingOptions;
  #recorder: Recorder | undefined;
  #source: RecordingSource | undefined;
  readonly #segmentListeners = new Set<(segment: Segment) => void>();
  #deps: RecordingDeps | undefined;
  readonly #addedAt = new Map<Uidd, number>();
  readonly #seenOnline = new Set<Uidd>();
  readonly #sessions: LiveSessions;
  #statusChanges: StatusChanges | undefined;

  constructor(options: RecordingOptions) {
    this.#o = options;
    this.#sessions = new LiveSessions({
      holdMs: options.liveHoldMs,
      hold: (uidd, stream) => this.#need().subscribeLive(uidd, stream, () => {}),
      announce: (uidd, stream, state) =>
        this.#deps?.bus.publish({
          type: 'liveSession',
          data: { uidd, state, stream, url: this.liveUrl(uidd, stream) },
        }),
    });
  }

  get integrations() {
    return { statusProvider: this as CameraStatusProvider, tasks: this as CameraTasks };
  }

  /** The recorder, once started (benchmarks and tests read its events). */
  pendingIndexRows(): number {
    return this.#recorder?.pendingIndexRows ?? 0;
  }

  get recorder(): Recorder | undefined {
    return this.#recorder;
  }

  async start(deps: RecordingDeps): Promise<void> {
    this.#deps = deps;
    this.#source = deps.source ?? new DirectoryCameraSource(deps.cameras, deps.log);
    this.#source.subscribe((change) => {
      if (change.type === 'upsert' && !this.#addedAt.has(change.camera.uidd))
        this.#addedAt.set(change.camera.uidd, this.#now());
      if (change.type === 'remove') this.#forget(change.uidd);
    });
    const cameras = await this.#source.list();
    for (const c of cameras) this.#addedAt.set(c.uidd, this.#now());
    // This process records these cameras: an event of theirs still open was left by an earlier run (0556).
    await deps.motionSink?.orphaned?.(cameras.map((c) => c.uidd));
    const recorder = await Recorder.start({
      ...this.#o.tuning,
      db: deps.db,
      dataDir: this.#o.dataDir,
      source: this.#source,
      log: deps.log,
      ...(deps.motionSink ? { motionSink: deps.motionSink } : {}),
      ...(deps.storageReclaimers ? { storageReclaimers: deps.storageReclaimers } : {}),
      now: this.#now,
      recorderId: this.#o.recorderId,
      recordersAlive: deps.recordersAlive,
      segmentStore:
        deps.segmentStore && resolve(deps.segmentStore.root) === resolve(this.#o.dataDir, 'recordings')
          ? deps.segmentStore
          : undefined,
      ...(this.#o.ffmpegPath ? { ffmpegPath: this.#o.ffmpegPath } : {}),
    });
    recorder.on('status', (s) => {
      if (s.status === 'online') this.#seenOnline.add(s.uidd);
    });
    recorder.on('storage', (state) => deps.onStorage?.(state));
    recorder.on('segment', (segment) => {
      for (const l of this.#segmentListeners) l(segment);
    });
    // The first check ran before the listener was there.
    deps.onStorage?.(recorder.storage);
    this.#recorder = recorder;
    if (deps.onCameraStatus) this.#watchStatus(deps);
    deps.log.info({ cameras: recorder.statuses().length }, 'recorder started');
  }

  /** The online/offline state a camera settled in, as the notifications read it (decision 0850). */
  noticedStatus(uidd: Uidd): NoticedState | undefined {
    return this.#statusChanges?.debounce.settled(uidd);
  }

  #watchStatus(deps: RecordingDeps): void {
    const { onCameraStatus: onChange, announces, db } = deps;
    if (!onChange) return;
    this.#statusChanges = new StatusChanges({
      cameras: () => this.#recorder?.statuses().map((s) => s.uidd) ?? [],
      statuses: (uidds) => this.statuses(uidds),
      onChange,
      // The told states in the database (decision 0874): a restart or a new lease holder starts from them.
      store: new StatusNoticesRepository(db),
      announces,
      now: this.#now,
      debounceMs: this.#o.statusDebounceMs ?? CAMERA_STATUS_DEBOUNCE_MS,
      sweepMs: this.#o.statusSweepMs ?? STATUS_SWEEP_MS,
    });
    this.#statusChanges.start();
  }

  async stop(): Promise<void> {
    await this.#statusChanges?.stop();
    this.#statusChanges = undefined;
    this.#sessions.closeAll();
    await this.#recorder?.stop();
    this.#recorder = undefined;
  }

  /** Where a viewer opens the live stream: a path on this server, or on the configured live host. */
  liveUrl(uidd: Uidd, stream: LiveStream): string {
    const path = livePath(uidd, stream);
    const base = this.#o.liveBaseUrl?.replace(/\/$/, '');
    return base ? `${base.replace(/^http/, 'ws')}${path}` : path;
  }

  async orphaned(uidds: readonly Uidd[], lastFootage: ReadonlyMap<Uidd, number>): Promise<void> {
    await this.#deps?.motionSink?.orphaned?.(uidds, lastFootage);
  }

  // ---- CameraTasks --------------------------------------------------------------------------------------

  cameraChanged(change: CameraChange): void {
    if (change.kind === 'uninstalled' || change.kind === 'deleted') this.#sessions.end(change.uidd);
    const applied = this.#source?.changed(change);
    if (change.kind === 'deleted' && applied)
      void applied
        .then(() => this.#recorder?.deleteRecordings(change.uidd))
        .catch((err: unknown) =>
          this.#deps?.log.error({ uidd: change.uidd, err: String(err) }, 'recordings not deleted'),
        );
  }

  async run(task: CameraTaskRequest): Promise<CameraTaskReply> {
    const { uidd, intent } = task;
    switch (intent.kind) {
      case 'live': {
        const stream = await this.#liveStream(uidd, intent.stream === 'sd' ? 'sd' : 'main');
        await this.#whenKnown(uidd, () => this.#sessions.command(uidd, stream));
        const status = this.#recorder?.status(uidd);
        return {
          data: {
            stream,
            liveStreamName: streamName(uidd, stream),
            url: this.liveUrl(uidd, stream),
            mimeType: status?.streams[stream]?.mimeType ?? null,
          },
        };
      }
      case 'thumbs': {
        const still = await this.#need().refreshStill(uidd);
        return { data: still ? { lastThumbTime: still.thumbMs, lastStill: still.stillMs } : {} };
      }
      case 'uninstall':
        // Recorded as uninstalled already; cameraChanged took it out of the recorder.
        return {};
      case 'getconfig': {
        const s = this.#recorder?.status(uidd);
        return {
          data: s
            ? { liveMimeType: s.streams.main.mimeType ?? null, recording: s.streams.main.recording }
            : {},
        };
      }
      case 'ptz':
        // The cameras feature moved the camera over ONVIF before this (docs/decisions/0307); nothing to record.
        return {};
    }
  }

  // ---- CameraStatusProvider ----------------------------------------------------------------------------

  async statuses(uidds: readonly Uidd[]): Promise<ReadonlyMap<Uidd, CameraStatusReport>> {
    const out = new Map<Uidd, CameraStatusReport>();
    const recorder = this.#recorder;
    if (!recorder) return out;
    const now = this.#now();
    const storageFull = recorder.storage.state === 'full';
    for (const uidd of uidds) {
      const s = recorder.status(uidd);
      if (!s) continue;
      const { main, sd } = s.streams;
      const online = main.status === 'online' || sd?.status === 'online';
      const running = main.running || (sd?.running ?? false);
      const starting =
        running && !this.#seenOnline.has(uidd) && now - (this.#addedAt.get(uidd) ?? 0) < STARTING_GRACE_MS;
      // What ffmpeg's last run of the main stream (else the SD stream) said (decision 0308): known at once, it
      // is answered even within the starting grace.
      const failure = main.problem ?? sd?.problem ?? null;
      // A recorded camera whose footage the disk cannot hold says so, online or not (decision 0208).
      const storage = storageFull && main.recording ? STORAGE_FULL : null;
      out.set(uidd, {
        state: online ? 'live' : failure ? 'error' : starting ? 'starting' : 'offline',
        // Not recorded and nobody watching: the camera is not being read, so nothing is known of it. Why video does
        // not come is said before the full disk (it is not recorded either way).
        problem: online
          ? storage
          : !running
            ? 'standby'
            : (failure ?? storage ?? (starting ? 'starting' : null)),
        lastActivity: s.lastActivity,
        lastThumbTime: s.lastThumbTime,
        lastStill: s.lastStill,
        liveStreaming: this.#sessions.active(uidd, 'main'),
        liveStreamName: streamName(uidd, 'main'),
        sdLiveStreaming: this.#sessions.active(uidd, 'sd'),
        sdLiveStreamName: sd ? streamName(uidd, 'sd') : null,
      });
    }
    return out;
  }

  /** Every camera this recorder records, counted by health state, with a page of those in trouble (0747). */
  async tally(q: TallyQuery): Promise<StatusTally> {
    const uidds = this.#recorder?.statuses().map((s) => s.uidd) ?? [];
    return tallyReports(await this.statuses(uidds), q);
  }

  // ---- Live and stills ------------------------------------------------------------------------------------

  async watch(
    uidd: Uidd,
    stream: LiveStream,
    listener: LiveListener,
    video: LiveVideo = 'original',
  ): Promise<() => void> {
    return this.#whenKnown(uidd, () => {
      if (stream === 'sd' && !this.#need().status(uidd)?.streams.sd) throw unavailable();
      const stop = this.#need().subscribeLive(uidd, stream, listener, video);
      const leave = this.#sessions.viewer(uidd, stream);
      return () => {
        stop();
        leave();
      };
    });
  }

  async latestImage(uidd: Uidd, kind: 'thumb' | 'still'): Promise<Buffer | undefined> {
    const latest = await this.#recorder?.latestStills(uidd);
    const path = kind === 'thumb' ? latest?.thumbPath : latest?.stillPath;
    return path ? readFile(path).catch(() => undefined) : undefined;
  }

  async stillAt(uidd: Uidd, ms: EpochMs): Promise<Buffer | null> {
    return this.#recorder ? this.#recorder.stillAt(uidd, ms) : null;
  }

  async keyframePicture(uidd: Uidd, afterMs: number) {
    return this.#recorder?.keyframePicture(uidd, afterMs);
  }

  storage(): StorageState | undefined {
    return this.#recorder?.storage;
  }

  onSegment(listener: (segment: Segment) => void): () => void {
    this.#segmentListeners.add(listener);
    return () => {
      this.#segmentListeners.delete(listener);
    };
  }

  async forgetSegments(segments: readonly Segment[]): Promise<void> {
    await this.#recorder?.forgetSegments(segments);
  }

  // ---- helpers ------------------------------------------------------------------------------------------

  readonly #now = (): number => (this.#o.now ?? Date.now)();

  #need(): Recorder {
    if (!this.#recorder) throw unavailable();
    return this.#recorder;
  }

  /** The stream to serve: SD when asked and the camera has one, else main. */
  async #liveStream(uidd: Uidd, wanted: LiveStream): Promise<LiveStream> {
    if (wanted === 'main') return 'main';
    await this.#whenKnown(uidd, () => undefined);
    return this.#recorder?.status(uidd)?.streams.sd ? 'sd' : 'main';
  }

  /** Runs `f` once the recorder knows the camera (a camera installed a moment ago may still be on its way). */
  async #whenKnown<T>(uidd: Uidd, f: () => T): Promise<T> {
    const recorder = this.#need();
    const deadline = Date.now() + CAMERA_ARRIVAL_WAIT_MS;
    while (!recorder.status(uidd)) {
      if (Date.now() > deadline) throw unavailable();
      await new Promise((r) => setTimeout(r, 50));
    }
    return f();
  }

  #forget(uidd: Uidd): void {
    this.#addedAt.delete(uidd);
    this.#seenOnline.delete(uidd);
  }
}

const streamName = (uidd: Uidd, stream: LiveStream) => (stream === 'main' ? uidd : `${uidd}_sd`);
