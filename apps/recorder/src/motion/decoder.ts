import type { ChildProcess, StdioOptions } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import type { RecorderLog } from '../log.ts';
import { spawnTied, stopProcess } from '../supervisor/process.ts';
import { motionDecodeArgs } from './args.ts';
import { type AnalysisSize, FrameSplitter } from './frames.ts';

export interface DecodedFrame {
  grey: Uint8Array;
  size: AnalysisSize;
  /** Wall-clock time of the picture (of the fragment it came from). */
  wallMs: number;
}

/** Below the ingest's priority: when cores are short, detection waits, recording does not. */
export const MOTION_NICENESS = 10;

/** Spawns a motion ffmpeg (its arguments) at low priority; a write to it after it died is not an error. */
export function spawnMotionFfmpeg(
  ffmpegPath: string,
  args: string[],
  stdio: StdioOptions = ['pipe', 'pipe', 'pipe'],
): ChildProcess {
  const child = spawnTied(ffmpegPath, args, stdio);
  try {
    if (child.pid) setPriority(child.pid, MOTION_NICENESS);
  } catch {
    // Not permitted here: it still runs, at normal priority.
  }
  child.stdin?.on('error', () => {});
  return child;
}

export interface KeyframeDecoderOptions {
  ffmpegPath: string;
  log: RecorderLog;
  /** For log lines. */
  name: string;
  onFrame(frame: DecodedFrame): void;
  /** Keyframes given to ffmpeg and not yet back; more are dropped (default 3: a picture comes back within a
   * keyframe's decode, ~25 ms at 1080p, so only a machine far behind reaches it). */
  maxInFlight?: number;
}

/**
 * The running detector's decoder: one long-lived ffmpeg fed the init segment, then keyframe fragments on stdin
 * (decision 0550), each followed by the fragment after it, which ffmpeg skips without decoding (`-skip_frame
 * nokey`, decision 0211): one picture comes out per keyframe, as soon as it is decoded (0557). It never holds up the recorder: writes are
 * asynchronous and a keyframe is dropped when the decoder is behind. A new init segment (the stream restarted)
 * restarts it; so does the next keyframe after it died.
 */
export class KeyframeDecoder {
  readonly stats = { fed: 0, decoded: 0, dropped: 0, starts: 0 };
  private child: ChildProcess | undefined;
  private init: { data: Buffer; size: AnalysisSize } | undefined;
  /** Per keyframe given and not yet back: its time. */
  private pending: number[] = [];
  private stopped = false;
  private lastStartAt = 0;
  private readonly o: KeyframeDecoderOptions;

  constructor(o: KeyframeDecoderOptions) {
    this.o = o;
  }

  /** A new init segment and the analysis picture of its video. */
  setInit(init: Buffer, size: AnalysisSize): void {
    this.init = { data: init, size };
    this.restart();
  }

  /** Gives a keyframe fragment and the fragment after it to the decoder; false when they were dropped. */
  push(keyframe: Buffer, follower: Buffer, wallMs: number): boolean {
    if (this.stopped || !this.init) return false;
    if (!this.child) {
      // Died: try again, but not more than once every 5 s (a picture it cannot decode must not spin it).
      if (Date.now() - this.lastStartAt < 5000) return this.drop();
      this.restart();
    }
    if (this.pending.length >= (this.o.maxInFlight ?? 3)) return this.drop();
    this.pending.push(wallMs);
    this.stats.fed++;
    this.child?.stdin?.write(keyframe);
    this.child?.stdin?.write(follower);
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const child = this.child;
    this.child = undefined;
    if (child) await stopProcess(child, 1000);
  }

  private drop(): false {
    this.stats.dropped++;
    return false;
  }

  private restart(): void {
    const old = this.child;
    this.child = undefined;
    if (old) void stopProcess(old, 1000);
    const init = this.init;
    if (this.stopped || !init) return;
    this.pending = [];
    this.lastStartAt = Date.now();
    this.stats.starts++;
    const child = spawnMotionFfmpeg(
      this.o.ffmpegPath,
      motionDecodeArgs({ input: { kind: 'pipe' }, size: init.size, keyframesOnly: true }),
    );
    this.child = child;
    const reader = new FrameSplitter(init.size, (grey, size) => {
      const wallMs = this.pending.shift();
      if (grey === null || wallMs === undefined || child !== this.child) return;
      this.stats.decoded++;
      this.o.onFrame({ grey, size, wallMs });
    });
    const tail: string[] = [];
    if (child.stderr)
      createInterface({ input: child.stderr }).on('line', (line) => {
        tail.push(line);
        if (tail.length > 5) tail.shift();
      });
    child.stdout?.on('data', (d: Buffer) => reader.data(d));
    child.on('exit', (code, signal) => {
      if (child !== this.child) return;
      this.child = undefined;
      if (!this.stopped)
        this.o.log.warn(
          {
            motion: this.o.name,
            code,
            signal,
            stderr: tail.slice(-2).join(' | '),
          },
          'motion decoder exited',
        );
    });
    child.stdin?.write(init.data);
  }
}
