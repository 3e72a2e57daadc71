import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { RecorderLog } from '../log.ts';
import { stopProcess } from '../supervisor/process.ts';
import { eventDecodeArgs } from './args.ts';
import { type DecodedFrame, spawnMotionFfmpeg } from './decoder.ts';
import { type AnalysisSize, FrameSplitter } from './frames.ts';
import { JpegSplitter } from './jpeg-splitter.ts';

/**
 * An event decoder unused this long is stopped (decision 0557): a camera with an event every minute or two keeps
 * its ffmpeg (~70 MB at 1080p); a quieter one starts a new one per event (~80 ms of CPU, under 0.07 % of a core
 * at one event in two minutes).
 */
export const EVENT_DECODER_IDLE_MS = 2 * 60_000;
/** A job not done by then is failed and its ffmpeg restarted. */
const JOB_TIMEOUT_MS = 10_000;
/** After the keyframe that ends a refinement, how long the GOP's last pictures may still take. */
const TAIL_GRACE_MS = 1000;

/**
 * An H.265 stream gets a new ffmpeg for every job (issue 13, decision 0559). The fragments of a job jump ahead of
 * what was fed before, and an H.265 decoder derives a picture's order count (POC) from the last one it decoded:
 * over a jump it comes out wrong, and when it equals that of a picture still held (a CRA keyframe's POC least
 * significant bits repeat every 2^n pictures; an encoder may even restart them at each keyframe) ffmpeg refuses the
 * picture ("Duplicate POC in a sequence"): no picture, and the job timed out. An IDR would clear the decoder, a CRA
 * (x265's keyframe, and many cameras') does not. H.264 has no such state across an IDR or recovery point.
 */
export function needsFreshDecoder(codec: string): boolean {
  return /^(hvc1|hev1)\./.test(codec);
}

/** A fragment (moof + mdat) of the stream the decoder was given the init segment of. */
export interface FeedFragment {
  data: Buffer;
  wallMs: number;
}

export interface EventPictures {
  thumb: Buffer;
  still: Buffer;
}

export interface EventDecoderOptions {
  ffmpegPath: string;
  log: RecorderLog;
  /** For log lines. */
  name: string;
  thumbWidth: number;
  idleMs?: number;
  jobTimeoutMs?: number;
}

/** Where one fed fragment's outputs go: its analysis picture, and for a keyframe its two JPEGs. */
type AnalysisWaiter = ((grey: Uint8Array) => void) | null;
interface JpegSlot {
  still?: Buffer;
  thumb?: Buffer;
  done(p: EventPictures): void;
}

/**
 * The pictures an event needs beyond the running detector's keyframes, from one long-lived ffmpeg per camera with
 * recent motion (decision 0557): the start refinement's GOP, decoded in full as analysis pictures, and the JPEGs
 * of a keyframe. A short ffmpeg per job spent more CPU starting (~50–80 ms: the dynamic loader) than decoding.
 *
 * Fragments go in on stdin; each comes out as one analysis picture on stdout, and each keyframe also as a still
 * (fd 3) and a thumbnail (fd 4), as soon as it is decoded (one thread per encoder, see eventDecodeArgs). Outputs
 * are matched to fragments in order. Jobs run one at a time; the fragments fed must go forward in time
 * (the demuxer drops a fragment that goes back), so a job that starts earlier than the last one fed restarts
 * ffmpeg, as do a new init segment, a failure and a timeout.
 */
export class EventDecoder {
  readonly stats = { starts: 0, jobs: 0 };
  private readonly o: EventDecoderOptions;
  private init: { data: Buffer; size: AnalysisSize; freshPerJob: boolean } | undefined;
  private child: ChildProcess | undefined;
  private analysis: AnalysisWaiter[] = [];
  private stills: (JpegSlot | null)[] = [];
  private thumbs: (JpegSlot | null)[] = [];
  private lastWallMs = Number.NEGATIVE_INFINITY;
  /** The running job's failure path: ffmpeg exited or a stream could not be followed. */
  private fail: ((err: Error) => void) | undefined;
  /** The running job's stall timer, restarted by each picture out. */
  private progress: (() => void) | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The running ffmpeg's last words on stderr: they say why a job timed out. */
  private stderrTail = '';

  constructor(o: EventDecoderOptions) {
    this.o = o;
  }

  /**
   * The stream's (new) init segment: the next job starts a new ffmpeg with it. `codec`: the video's RFC 6381
   * codec (an H.265 stream gets a new ffmpeg for every job, see needsFreshDecoder).
   */
  setInit(init: Buffer, size: AnalysisSize, codec = ''): void {
    this.init = { data: init, size, freshPerJob: needsFreshDecoder(codec) };
    void this.kill();
  }

  /** The full-size still and the thumbnail of a keyframe fragment of the stream that `init` opens. */
  pictures(init: Buffer, keyframe: FeedFragment): Promise<EventPictures> {
    return this.job(init, keyframe.wallMs, (write) => {
      return new Promise<EventPictures>((resolve) => write(keyframe, null, { done: resolve }));
    });
  }

  /**
   * The start refinement: the GOP's pictures in order (gop[0] is its keyframe) until `until` says yes, then the
   * detecting keyframe, whose JPEGs come back with the answer. The GOP is fed a fragment or two ahead of the
   * pictures back, so the rest of it is not decoded once the answer is known.
   */
  refine(
    init: Buffer,
    gop: readonly FeedFragment[],
    keyframe: FeedFragment,
    until: (frame: DecodedFrame, index: number) => boolean,
  ): Promise<{ first: DecodedFrame | undefined; pictures: EventPictures }> {
    const size = this.init?.size;
    const firstMs = gop[0]?.wallMs ?? keyframe.wallMs;
    return this.job(init, firstMs, (write) => {
      return new Promise((resolve) => {
        let written = 0;
        let seen = 0;
        let first: DecodedFrame | undefined;
        let pictures: EventPictures | undefined;
        let keyframeWritten = false;
        let grace: NodeJS.Timeout | undefined;
        const finish = (): void => {
          if (!pictures || (!first && seen < gop.length)) return;
          clearTimeout(grace);
          resolve({ first, pictures });
        };
        const next = (): void => {
          if (keyframeWritten) return;
          if (first || written === gop.length) {
            keyframeWritten = true;
            write(keyframe, null, {
              done: (p) => {
                pictures = p;
                // Pictures of the GOP still held back (a stream with B-frames is decoded a picture or two
                // late): not waited for long.
                grace = setTimeout(() => {
                  seen = gop.length;
                  finish();
                }, TAIL_GRACE_MS);
                finish();
              },
            });
            return;
          }
          const i = written++;
          const f = gop[i] as FeedFragment;
          write(
            f,
            (grey) => {
              seen++;
              if (!first && size && until({ grey, size, wallMs: f.wallMs }, i))
                first = { grey, size, wallMs: f.wallMs };
              next();
              finish();
            },
            // The GOP's own keyframe makes JPEGs too: not wanted.
            i === 0 ? null : undefined,
          );
        };
        next();
        next();
      });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.idle);
    await this.kill();
  }

  // ---- jobs ---------------------------------------------------------------------------------------------------

  /**
   * Runs `body` alone, on a running ffmpeg of the stream `init` opens whose last fragment is older than `fromMs`.
   * `write` feeds a fragment with where its outputs go: its analysis picture (null: dropped), and for a keyframe
   * its JPEGs (a slot, or null: dropped; undefined: not a keyframe).
   */
  private job<T>(
    init: Buffer,
    fromMs: number,
    body: (
      write: (f: FeedFragment, analysis: AnalysisWaiter, jpegs: JpegSlot | null | undefined) => void,
    ) => Promise<T>,
  ): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.stopped || !this.init) throw new Error('event decoder stopped');
      // The stream restarted since the job was asked for: its fragments do not fit the new init segment.
      if (this.init.data !== init) throw new Error('event decoder: the stream restarted');
      clearTimeout(this.idle);
      // Back in time (the demuxer would drop it), or an H.265 decoder that decoded anything (see needsFreshDecoder).
      const used = this.lastWallMs !== Number.NEGATIVE_INFINITY;
      if (fromMs <= this.lastWallMs || (this.init.freshPerJob && used)) await this.kill();
      const child = this.child ?? this.spawn(this.init);
      this.stats.jobs++;
      const write = (f: FeedFragment, analysis: AnalysisWaiter, jpegs: JpegSlot | null | undefined): void => {
        if (child !== this.child) return;
        this.analysis.push(analysis);
        if (jpegs !== undefined) {
          this.stills.push(jpegs);
          this.thumbs.push(jpegs);
        }
        this.lastWallMs = Math.max(this.lastWallMs, f.wallMs);
        child.stdin?.write(f.data);
      };
      let timer: NodeJS.Timeout | undefined;
      try {
        return await new Promise<T>((resolve, reject) => {
          this.fail = reject;
          // A job fails when ffmpeg stops answering, not when it is long: a long GOP of a big H.265 picture takes
          // seconds to decode (~11 ms a 1080p picture, 2.5 times H.264's), more on a busy machine at low priority.
          const stalled = (): void => {
            clearTimeout(timer);
            timer = setTimeout(
              () =>
                reject(
                  new Error(
                    `event decoder timed out${this.stderrTail ? ` (ffmpeg: ${this.stderrTail.trim()})` : ''}`,
                  ),
                ),
              this.o.jobTimeoutMs ?? JOB_TIMEOUT_MS,
            );
          };
          this.progress = stalled;
          stalled();
          body(write).then(resolve, reject);
        });
      } catch (err) {
        await this.kill();
        throw err;
      } finally {
        clearTimeout(timer);
        this.fail = undefined;
        this.progress = undefined;
        if (!this.stopped)
          this.idle = setTimeout(() => void this.kill(), this.o.idleMs ?? EVENT_DECODER_IDLE_MS);
        this.idle?.unref();
      }
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => {});
    return p;
  }

  private spawn(init: { data: Buffer; size: AnalysisSize; freshPerJob: boolean }): ChildProcess {
    const args = eventDecodeArgs({ size: init.size, thumbWidth: this.o.thumbWidth });
    const child = spawnMotionFfmpeg(this.o.ffmpegPath, args, ['pipe', 'pipe', 'pipe', 'pipe', 'pipe']);
    this.child = child;
    this.stats.starts++;
    this.analysis = [];
    this.stills = [];
    this.thumbs = [];
    this.lastWallMs = Number.NEGATIVE_INFINITY;
    // Outputs that cannot be matched to what was fed any more: fail the job, start afresh next time.
    const broken = (why: string): void => {
      if (child !== this.child) return;
      this.fail?.(new Error(`event decoder: ${why}`));
      void this.kill();
    };
    const frames = new FrameSplitter(init.size, (grey) => {
      this.progress?.();
      const waiter = this.analysis.shift();
      if (grey && waiter) waiter(grey);
    });
    child.stdout?.on('data', (d: Buffer) => {
      if (child === this.child) frames.data(d);
    });
    const jpegs = (fd: 3 | 4, queue: () => (JpegSlot | null)[], key: 'still' | 'thumb'): void => {
      const splitter = new JpegSplitter((jpeg) => {
        this.progress?.();
        const q = queue();
        if (q.length === 0) return broken('a picture no keyframe asked for');
        const slot = q.shift();
        if (!slot) return;
        slot[key] = jpeg;
        if (slot.still && slot.thumb) slot.done({ still: slot.still, thumb: slot.thumb });
      });
      (child.stdio[fd] as Readable | null)?.on('data', (d: Buffer) => {
        if (child !== this.child) return;
        try {
          splitter.data(d);
        } catch (err) {
          broken(String(err));
        }
      });
    };
    jpegs(3, () => this.stills, 'still');
    jpegs(4, () => this.thumbs, 'thumb');
    this.stderrTail = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (child === this.child) this.stderrTail = (this.stderrTail + d.toString()).slice(-500);
    });
    child.on('error', (err) => broken(String(err)));
    child.on('exit', (code, signal) => {
      if (child !== this.child) return;
      this.child = undefined;
      this.o.log.warn(
        { motion: this.o.name, code, signal, stderr: this.stderrTail.trim() },
        'event decoder exited',
      );
      this.fail?.(new Error(`event decoder exited ${code ?? signal}`));
    });
    child.stdin?.write(init.data);
    return child;
  }

  private async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child) await stopProcess(child, 500);
  }
}
