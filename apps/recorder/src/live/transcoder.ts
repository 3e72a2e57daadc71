import type { ChildProcess } from 'node:child_process';
import { Mp4Splitter } from '../bmff/splitter.ts';
import { liveTranscodeArgs } from '../ffmpeg/transcode-args.ts';
import type { RecorderLog } from '../log.ts';
import { spawnTied, stopProcess } from '../supervisor/process.ts';
import { LiveHub, type LiveListener } from './live-hub.ts';

/** After the last viewer leaves, the transcode runs this much longer: a viewer switching layouts comes back. */
export const TRANSCODE_LINGER_MS = 10_000;
/** Unwritten input past this (the transcode cannot keep up): it starts again from the next keyframe. */
const MAX_PENDING_INPUT = 8 << 20;
/** A transcode that died is started again at most this often (a picture it cannot decode must not spin it). */
const RESTART_MIN_MS = 5_000;

/** What a transcode reads: the camera stream's live subscription (its LiveHub through the StreamWorker). */
export type LiveSubscribe = (listener: LiveListener) => () => void;

export interface LiveTranscoderOptions {
  ffmpegPath: string;
  log: RecorderLog;
  /** For log lines. */
  name: string;
  /** The stream converted: the SD substream where there is one (cheaper to decode), else main. */
  source: LiveSubscribe;
  lingerMs?: number;
  now?: () => number;
}

/**
 * The live H.264 fallback of one camera (decision 0461): while someone watches, the source stream's fMP4 goes into
 * an ffmpeg that re-encodes it as H.264 (transcode-args.ts); its output is split into fragments and served from a
 * LiveHub of its own, exactly as a camera's stream is (init, the prebuffer from the last keyframe, then each
 * fragment). A source that is H.264 already is passed through as is (an H.264 SD substream: no ffmpeg at all).
 * Started by the first viewer, stopped `lingerMs` after the last one left; a new init from the source (the camera
 * restarted) starts a new ffmpeg, and viewers get a new init.
 */
export class LiveTranscoder {
  readonly stats = { starts: 0 };
  private readonly o: LiveTranscoderOptions;
  private hub: LiveHub;
  private unsubscribeSource: (() => void) | undefined;
  private child: ChildProcess | undefined;
  /** The source's init segment, for a restarted ffmpeg; undefined until the source sent one. */
  private sourceInit: Buffer | undefined;
  /** Passing the source through (it is H.264 already). */
  private passthrough: Mp4Splitter | undefined;
  /** The ffmpeg is fed from the source's next keyframe on (after a start or restart). */
  private waitKeyframe = true;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private linger: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(o: LiveTranscoderOptions) {
    this.o = o;
    this.hub = new LiveHub(o.log);
  }

  /** The running ffmpeg's process id (tests check that it really ends). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.unsubscribeSource !== undefined;
  }

  subscribe(listener: LiveListener): () => void {
    if (this.closed) throw new Error('live transcoder closed');
    clearTimeout(this.linger);
    this.linger = undefined;
    // Stopped: a fresh hub, so the first viewer is not given the last run's init segment.
    if (!this.unsubscribeSource) this.hub = new LiveHub(this.o.log);
    // Init segments say whether ffmpeg made the stream (the player's badge), or it is the source's own.
    const unsubscribe = this.hub.subscribe((chunk) =>
      listener(chunk.type === 'init' && !this.passthrough ? { ...chunk, converted: true } : chunk),
    );
    if (!this.unsubscribeSource) this.start();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      unsubscribe();
      if (this.hub.subscribers > 0 || this.closed) return;
      clearTimeout(this.linger);
      this.linger = setTimeout(() => {
        this.linger = undefined;
        if (this.hub.subscribers === 0) void this.stop();
      }, this.o.lingerMs ?? TRANSCODE_LINGER_MS);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.linger);
    await this.stop();
  }

  private start(): void {
    this.unsubscribeSource = this.o.source((chunk) => {
      if (chunk.type === 'init') return this.onSourceInit(chunk.data, chunk.mimeType);
      if (this.passthrough) return this.forward(this.passthrough, chunk.data, chunk.wallMs);
      this.feed(chunk.data, chunk.keyframe);
    });
  }

  /** Stops reading the source and ends the ffmpeg; the hub's viewers (none, or closing) keep what they had. */
  private async stop(): Promise<void> {
    const unsubscribe = this.unsubscribeSource;
    this.unsubscribeSource = undefined;
    unsubscribe?.();
    this.sourceInit = undefined;
    this.passthrough = undefined;
    await this.kill();
    this.hub.clear();
  }

  private onSourceInit(data: Buffer, mimeType: string): void {
    this.sourceInit = data;
    this.waitKeyframe = true;
    void this.kill();
    if (/codecs="avc[13]\./.test(mimeType)) {
      this.passthrough = new Mp4Splitter();
      this.forward(this.passthrough, data, this.now());
      return;
    }
    this.passthrough = undefined;
    this.spawn(data);
  }

  /** Bytes of fMP4 (the source's, or ffmpeg's) into the hub as an init and fragments. */
  private forward(splitter: Mp4Splitter, data: Buffer, wallMs: number): void {
    for (const ev of splitter.push(data)) {
      if (ev.kind === 'init') this.hub.setInit(ev.init);
      else this.hub.push({ ...ev.fragment, wallMs });
    }
  }

  private feed(data: Buffer, keyframe: boolean): void {
    if (!this.child && this.sourceInit && keyframe && this.now() - this.lastStartAt >= RESTART_MIN_MS)
      this.spawn(this.sourceInit);
    const stdin = this.child?.stdin;
    if (!stdin) return;
    if (this.waitKeyframe && !keyframe) return;
    this.waitKeyframe = false;
    if (stdin.writableLength > MAX_PENDING_INPUT) {
      this.o.log.warn({ live: this.o.name }, 'live transcode cannot keep up; restarting it');
      void this.kill();
      return;
    }
    stdin.write(data);
  }

  private spawn(init: Buffer): void {
    this.lastStartAt = this.now();
    this.stats.starts++;
    this.waitKeyframe = true;
    const child = spawnTied(this.o.ffmpegPath, liveTranscodeArgs());
    this.child = child;
    const splitter = new Mp4Splitter();
    child.stdout?.on('data', (d: Buffer) => {
      if (child !== this.child) return;
      try {
        this.forward(splitter, d, this.now());
      } catch (err) {
        this.o.log.warn({ live: this.o.name, err: String(err) }, 'live transcode output unreadable');
        void this.kill();
      }
    });
    child.stdin?.on('error', () => {});
    let tail = '';
    child.stderr?.on('data', (d: Buffer) => {
      tail = (tail + d.toString()).slice(-500);
    });
    child.on('exit', (code, signal) => {
      if (child !== this.child) return;
      this.child = undefined;
      this.o.log.warn({ live: this.o.name, code, signal, stderr: tail.trim() }, 'live transcode exited');
    });
    child.stdin?.write(init);
  }

  private async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child) await stopProcess(child, 1000);
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }
}
