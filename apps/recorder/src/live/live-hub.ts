import type { InitSegment } from '../bmff/splitter.ts';
import type { RecorderLog } from '../log.ts';
import type { FileSpan, TimedFragment } from '../storage/segment-writer.ts';
import { Prebuffer, type SpanReader } from './prebuffer.ts';

export type LiveChunk =
  /** Always first, and again whenever the stream restarts with new parameters: (re)initialise the decoder. */
  | {
      type: 'init';
      data: Buffer;
      mimeType: string;
      /** Made by the live H.264 fallback from the camera's H.265 (decision 0461); absent: the camera's own. */
      converted?: boolean;
    }
  | {
      type: 'fragment';
      data: Buffer;
      keyframe: boolean;
      wallMs: number;
      /** The fragment's video duration in ms (0 for an audio-only fragment): what HLS parts are measured in. */
      durationMs: number;
    };

export type LiveListener = (chunk: LiveChunk) => void;

/**
 * The live side of one stream: the init segment and every fragment since the last keyframe (the prebuffer), so
 * a new viewer starts decoding at once instead of waiting up to a keyframe interval, then each new fragment.
 * While nobody watches, the prebuffer of a recorded stream is where its fragments lie in the open segment file,
 * read back when a viewer comes (decision 0212). Listeners are called synchronously and must not block (a
 * WebSocket send that queues is fine; the caller decides what to do with slow viewers).
 */
export class LiveHub {
  private init: InitSegment | undefined;
  private readonly prebuffer = new Prebuffer();
  private readonly listeners = new Set<LiveListener>();

  private readonly log: RecorderLog;
  private readonly read: SpanReader;

  /** `read`: reads back bytes of the segment the stream's writer has open (none: the stream is not recorded). */
  constructor(log: RecorderLog, read: SpanReader = () => undefined) {
    this.log = log;
    this.read = read;
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** The latest keyframe fragment with its init segment (for stills), if the stream has one. */
  keyframe(): { init: InitSegment; fragment: TimedFragment } | undefined {
    const fragment = this.init && this.prebuffer.first(this.read);
    return this.init && fragment ? { init: this.init, fragment } : undefined;
  }

  setInit(init: InitSegment): void {
    this.init = init;
    this.prebuffer.reset(init.info.video?.timescale ?? 1000);
    this.emit({ type: 'init', data: init.data, mimeType: init.info.mimeType });
  }

  /** A new fragment; `at`: where the stream's writer put it, if it is recorded. */
  push(f: TimedFragment, at?: FileSpan): void {
    if (!this.init) return;
    // A keyframe opens a new prebuffer, unless the current one is a sliver: some cameras send a keyframe as two
    // packets of one timestamp, and the parameter sets must stay with the picture.
    if (!this.prebuffer.push(f, at) || this.listeners.size === 0) return;
    // Viewers mean prompt reading (owned bytes); borrowed ones, should they come, must not be kept by a socket.
    this.emit(this.chunk(f, f.borrowed ? Buffer.from(f.data) : f.data));
  }

  /** The stream stopped: what is buffered is stale. The init stays, for a viewer joining before it returns. */
  clear(): void {
    this.prebuffer.clear();
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.init) {
      this.deliver(listener, { type: 'init', data: this.init.data, mimeType: this.init.info.mimeType });
      for (const f of this.prebuffer.fragments(this.read)) {
        this.deliver(listener, this.chunk(f, f.data));
      }
    }
    return () => {
      this.listeners.delete(listener);
    };
  }

  private chunk(f: TimedFragment, data: Buffer): LiveChunk {
    const timescale = this.init?.info.video?.timescale ?? 1000;
    const durationMs = ((f.video?.duration ?? 0) * 1000) / timescale;
    return { type: 'fragment', data, keyframe: f.keyframe, wallMs: f.wallMs, durationMs };
  }

  private emit(chunk: LiveChunk): void {
    for (const l of this.listeners) this.deliver(l, chunk);
  }

  private deliver(l: LiveListener, chunk: LiveChunk): void {
    try {
      l(chunk);
    } catch (err) {
      this.listeners.delete(l);
      this.log.warn({ err: String(err) }, 'live listener threw; unsubscribed');
    }
  }
}
