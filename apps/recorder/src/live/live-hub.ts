import type { InitSegment } from '../bmff/splitter.ts';
import type { RecorderLog } from '../log.ts';
import type { TimedFragment } from '../storage/segment-writer.ts';

export type LiveChunk =
  /** Always first, and again whenever the stream restarts with new parameters: (re)initialise the decoder. */
  | { type: 'init'; data: Buffer; mimeType: string }
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
 * Listeners are called synchronously and must not block (a WebSocket send that queues is fine; the caller
 * decides what to do with slow viewers).
 */
export class LiveHub {
  private init: InitSegment | undefined;
  private gop: TimedFragment[] = [];
  private gopTicks = 0;
  private readonly listeners = new Set<LiveListener>();

  private readonly log: RecorderLog;

  constructor(log: RecorderLog) {
    this.log = log;
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** The latest keyframe fragment with its init segment (for stills), if the stream has one. */
  keyframe(): { init: InitSegment; fragment: TimedFragment } | undefined {
    const first = this.gop[0];
    return this.init && first ? { init: this.init, fragment: first } : undefined;
  }

  setInit(init: InitSegment): void {
    this.init = init;
    this.gop = [];
    this.gopTicks = 0;
    this.emit({ type: 'init', data: init.data, mimeType: init.info.mimeType });
  }

  push(f: TimedFragment): void {
    if (!this.init) return;
    // A keyframe opens a new prebuffer, unless the current one is a sliver: some cameras send a keyframe as two
    // packets of one timestamp, and the parameter sets must stay with the picture.
    const sliver = this.gopTicks < (this.init.info.video?.timescale ?? 1000) / 100;
    if (f.keyframe && !sliver) {
      this.gop = [f];
      this.gopTicks = 0;
    } else if (f.keyframe || this.gop.length > 0) {
      this.gop.push(f);
    } else {
      return;
    }
    this.gopTicks += f.video?.duration ?? 0;
    this.emit(this.chunk(f));
  }

  /** The stream stopped: what is buffered is stale. The init stays, for a viewer joining before it returns. */
  clear(): void {
    this.gop = [];
    this.gopTicks = 0;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.init) {
      this.deliver(listener, { type: 'init', data: this.init.data, mimeType: this.init.info.mimeType });
      for (const f of this.gop) {
        this.deliver(listener, this.chunk(f));
      }
    }
    return () => {
      this.listeners.delete(listener);
    };
  }

  private chunk(f: TimedFragment): LiveChunk {
    const timescale = this.init?.info.video?.timescale ?? 1000;
    const durationMs = ((f.video?.duration ?? 0) * 1000) / timescale;
    return { type: 'fragment', data: f.data, keyframe: f.keyframe, wallMs: f.wallMs, durationMs };
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
