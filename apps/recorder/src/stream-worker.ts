import type { Uidd } from '@vigil/contracts';
import type { InitSegment } from './bmff/splitter.ts';
import { LiveHub, type LiveListener } from './live/live-hub.ts';
import { type NewestFragment, tracedListener } from './live/live-trace.ts';
import type { SpanReader } from './live/prebuffer.ts';
import type { RecorderLog } from './log.ts';
import { type FileSpan, SegmentWriter, type TimedFragment } from './storage/segment-writer.ts';
import type { Segment, StreamName } from './storage/segments-repository.ts';
import { StreamRunner, type StreamStatus, type SupervisionSettings } from './supervisor/stream-runner.ts';

const TRACE = !!process.env.VIGIL_LIVE_TRACE;

/** A consumer inside the recorder (motion detection) that sees every init and fragment of a stream and keeps it
 * running, without counting as a live viewer. It must not throw or block. A fragment's bytes may be borrowed
 * (0212): it copies what it keeps, or keeps `at` (where the writer put them) and reads them back (readSpan). */
export interface StreamTap {
  onInit(init: InitSegment): void;
  onFragment(f: TimedFragment, at: FileSpan | undefined): void;
  onRunEnd(): void;
}

export interface StreamWorkerContext {
  settings: SupervisionSettings;
  recordingsDir: string;
  segmentTargetMs: number;
  liveLingerMs: number;
  log: RecorderLog;
  now: () => number;
  index(segment: Omit<Segment, 'id'>): Promise<Segment | undefined>;
  onSegment(segment: Segment): void;
  /** Whether a new segment may be opened (the storage reserve). */
  hasRoom?(): boolean;
  /** A segment could not be written (the disk is full, say): the storage watermark checks at once. */
  onWriteFailed?(err: unknown): void;
  onStatus(uidd: Uidd, stream: StreamName, status: StreamStatus): void;
}

/**
 * One camera stream: its supervised ffmpeg, the segment writer while it is recorded, and its live hub. The
 * ffmpeg runs while the stream is recorded or watched (and for liveLingerMs after the last viewer leaves, since
 * viewers come and go as they switch layouts).
 */
export class StreamWorker {
  readonly hub: LiveHub;
  readonly runner: StreamRunner;
  private writer: SegmentWriter | undefined;
  private lastInit: InitSegment | undefined;
  private linger: NodeJS.Timeout | undefined;
  private tap: StreamTap | undefined;
  private closed = false;
  private readonly ctx: StreamWorkerContext;
  readonly uidd: Uidd;
  readonly stream: StreamName;
  private record: boolean;

  constructor(
    ctx: StreamWorkerContext,
    uidd: Uidd,
    stream: StreamName,
    url: string,
    record: boolean,
    audio = true,
  ) {
    this.ctx = ctx;
    this.uidd = uidd;
    this.stream = stream;
    this.record = record;
    this.hub = new LiveHub(ctx.log, (segment, byte, length) => this.writer?.read(segment, byte, length));
    this.runner = new StreamRunner({
      ...ctx.settings,
      uidd,
      stream,
      url,
      log: ctx.log,
      now: ctx.now,
      onInit: (init) => {
        this.lastInit = init;
        this.writer?.setInit(init);
        this.hub.setInit(init);
        this.tapped((t) => t.onInit(init));
      },
      onFragment: (f) => {
        if (TRACE) this.newest = { wallMs: f.wallMs, at: Date.now(), borrowed: !!f.borrowed };
        const at = this.writer?.append(f);
        // Borrowed bytes (0212) with no file behind them (a stream not recorded) are kept by the prebuffer and the
        // tap: copied once, for both. Recorded ones both keep as places in the file (the tap copies the keyframes
        // its decoder needs).
        const kept = f.borrowed && this.tap && !at ? { ...f, data: Buffer.from(f.data), borrowed: false } : f;
        this.hub.push(kept, at);
        if (this.tap) this.tapped((t) => t.onFragment(kept, at));
      },
      onBatchEnd: () => {
        this.writer?.flush();
        // A listener that threw was dropped by the hub: without viewers, back to batches.
        if (this.hub.subscribers === 0) this.runner.setPrompt(false);
      },
      onStatus: (s) => ctx.onStatus(uidd, stream, s),
      onRunEnd: async () => {
        this.hub.clear();
        this.tapped((t) => t.onRunEnd());
        await this.writer?.close();
      },
    });
    if (record) this.writer = this.newWriter();
    // Before the first start: a stopped runner only notes it.
    void this.runner.setAudio(audio);
    this.sync();
  }

  get recording(): boolean {
    return this.record;
  }

  get mimeType(): string | undefined {
    return this.lastInit?.info.mimeType;
  }

  async setRecord(record: boolean): Promise<void> {
    if (record === this.record) return;
    this.record = record;
    if (record) {
      this.writer = this.newWriter();
      // Mid-run: the init came already; the writer starts its first segment at the next keyframe.
      if (this.lastInit) this.writer.setInit(this.lastInit);
    } else {
      const w = this.writer;
      this.writer = undefined;
      await w?.close();
    }
    this.sync();
  }

  /** Attaches (or with undefined detaches) the stream's tap; a tapped stream keeps running. */
  setTap(tap: StreamTap | undefined): void {
    this.tap = tap;
    if (tap && this.lastInit) this.tapped((t) => t.onInit(this.lastInit!));
    this.sync();
  }

  /** Reads back recorded bytes of this stream (the open segment or one of the last closed), if it still can. */
  readonly readSpan: SpanReader = (segment, byte, length) => this.writer?.read(segment, byte, length);

  setUrl(url: string): Promise<void> {
    return this.runner.setUrl(url);
  }

  /** The camera's sound taken or dropped (decision 0715). */
  setAudio(audio: boolean): Promise<void> {
    return this.runner.setAudio(audio);
  }

  /** VIGIL_LIVE_TRACE: the newest fragment pushed (wall time, when, borrowed). */
  private newest: NewestFragment | undefined;

  subscribe(listener: LiveListener): () => void {
    if (TRACE)
      listener = tracedListener(listener, {
        name: `${this.uidd}/${this.stream}`,
        wasPrompt: this.runner.isPrompt,
        lastDataAt: this.runner.lastDataAt,
        newest: this.newest,
      });
    const unsubscribe = this.hub.subscribe(listener);
    // A viewer needs each frame as soon as ffmpeg writes it; recording alone takes them in batches.
    this.runner.setPrompt(true);
    clearTimeout(this.linger);
    this.linger = undefined;
    this.sync();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      unsubscribe();
      if (this.hub.subscribers === 0) this.runner.setPrompt(false);
      if (this.hub.subscribers === 0 && !this.record && !this.closed) {
        this.linger = setTimeout(() => {
          this.linger = undefined;
          this.sync();
        }, this.ctx.liveLingerMs);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.linger);
    await this.runner.stop();
    await this.writer?.close();
  }

  private sync(): void {
    if (this.closed) return;
    const wanted =
      this.record || this.hub.subscribers > 0 || this.linger !== undefined || this.tap !== undefined;
    if (wanted && !this.runner.running) this.runner.start();
    if (!wanted && this.runner.running) void this.runner.stop();
  }

  private tapped(call: (tap: StreamTap) => void): void {
    if (!this.tap) return;
    try {
      call(this.tap);
    } catch (err) {
      this.ctx.log.error({ uidd: this.uidd, stream: this.stream, err: String(err) }, 'stream tap failed');
    }
  }

  private newWriter(): SegmentWriter {
    return new SegmentWriter({
      root: this.ctx.recordingsDir,
      uidd: this.uidd,
      stream: this.stream,
      targetMs: this.ctx.segmentTargetMs,
      index: (s) => this.ctx.index(s),
      onClosed: (s) => this.ctx.onSegment(s),
      hasRoom: () => this.ctx.hasRoom?.() ?? true,
      onWriteFailed: (err) => this.ctx.onWriteFailed?.(err),
      log: this.ctx.log,
    });
  }
}
