import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import type { Uidd } from '@vigil/contracts';
import type { InitSegment } from '../bmff/splitter.ts';
import { Mp4Splitter } from '../bmff/splitter.ts';
import { type AudioMode, INGEST_INPUT_FD, ingestArgs, ingestInput } from '../ffmpeg/args.ts';
import { redact, secretsOf } from '../ffmpeg/redact.ts';
import type { RecorderLog } from '../log.ts';
import type { TimedFragment } from '../storage/segment-writer.ts';
import type { StreamName } from '../storage/segments-repository.ts';
import { Timeline } from '../storage/timeline.ts';
import { backoffDelay } from './backoff.ts';
import { classifyFailure, type StreamProblem } from './failure.ts';
import { PacedReader } from './paced-reader.ts';
import { spawnTied, stopProcess } from './process.ts';
import { everyMs } from './shared-interval.ts';

export type StreamStatus = 'online' | 'offline';

export interface SupervisionSettings {
  ffmpegPath: string;
  /** ffmpeg's RTSP socket timeout. */
  rtspTimeoutMs: number;
  /** Watchdog: no bytes from ffmpeg for this long (including at start) and it is restarted. */
  stallTimeoutMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** A run that delivered video this long resets the backoff. */
  healthyRunMs: number;
  /** How long ffmpeg may probe the stream at first (see ingestArgs). */
  analyzeMs: number;
}

export interface StreamRunnerOptions extends SupervisionSettings {
  uidd: Uidd;
  stream: StreamName;
  url: string;
  log: RecorderLog;
  now: () => number;
  onInit(init: InitSegment): void;
  onFragment(f: TimedFragment): void;
  /** The fragments of one read have all been given to onFragment (write what was queued). */
  onBatchEnd(): void;
  onStatus(status: StreamStatus): void;
  /** The ffmpeg run ended (close the open segment); awaited before stop() resolves. */
  onRunEnd(): Promise<void>;
}

interface Run {
  child: ChildProcess;
  startedAt: number;
  lastDataAt: number;
  lastWallMs: number;
  fragments: number;
  videoFragments: number;
  /** The watchdog stopped it. */
  stalled: boolean;
  stderr: string[];
  splitter: Mp4Splitter;
  reader: PacedReader | undefined;
  timeline: Timeline | undefined;
  exited: Promise<void>;
}

const noop = (): void => {};

/**
 * One supervised ffmpeg for one camera stream: spawns it, turns its output into init + timed fragments,
 * restarts it when it exits or stalls (backoff from backoffInitialMs doubling to backoffMaxMs), and reports
 * online (video flowing) / offline. While waiting out a long backoff it watches the camera's TCP port, so a
 * camera that was unreachable is retried as soon as it answers again.
 */
export class StreamRunner {
  status: StreamStatus = 'offline';
  /** Why the stream gives no video, from how its last ffmpeg run ended; null while video flows or nothing is known. */
  problem: StreamProblem | null = null;
  private run: Run | undefined;
  private stopped = true;
  private failures = 0;
  private audio: AudioMode = 'copy';
  /** The camera's sound is wanted (decision 0715); off, ffmpeg drops the audio track whatever the camera sends. */
  private audioWanted = true;
  private analyzeMs: number;
  private retry: NodeJS.Timeout | undefined;
  private probe: NodeJS.Timeout | undefined;
  private stopWatchdog: (() => void) | undefined;
  private url: string;
  private secrets: string[];
  private prompt = false;

  private readonly o: StreamRunnerOptions;

  constructor(o: StreamRunnerOptions) {
    this.o = o;
    this.url = o.url;
    this.secrets = secretsOf(o.url);
    this.analyzeMs = o.analyzeMs;
  }

  /** When bytes last came from ffmpeg (epoch ms), or undefined before any. */
  lastDataAt: number | undefined;

  get running(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.failures = 0;
    this.launch();
    this.stopWatchdog?.();
    this.stopWatchdog = everyMs(Math.min(1000, this.o.stallTimeoutMs / 2), () => this.checkStall());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    this.stopWatchdog?.();
    this.stopWatchdog = undefined;
    const run = this.run;
    if (run) {
      await stopProcess(run.child);
      await run.exited;
    }
    this.problem = null;
    this.setStatus('offline');
  }

  /** Whether ffmpeg's output is read as it comes. */
  get isPrompt(): boolean {
    return this.run?.reader?.isPrompt ?? this.prompt;
  }

  /** Prompt: ffmpeg's output is read as it comes (someone watches live); otherwise in batches (PacedReader). */
  setPrompt(prompt: boolean): void {
    this.prompt = prompt;
    this.run?.reader?.setPrompt(prompt);
  }

  /** A new URL (credentials or address changed): restart at once with it. */
  async setUrl(url: string): Promise<void> {
    if (url === this.url) return;
    this.url = url;
    this.secrets = secretsOf(url);
    this.audio = 'copy';
    this.analyzeMs = this.o.analyzeMs;
    if (this.stopped) return;
    await this.stop();
    this.start();
  }

  /** Sound on or off: a change restarts ffmpeg at once (the track is chosen when it starts). */
  async setAudio(wanted: boolean): Promise<void> {
    if (wanted === this.audioWanted) return;
    this.audioWanted = wanted;
    if (this.stopped) return;
    await this.stop();
    this.start();
  }

  private launch(): void {
    this.clearTimers();
    let args: string[];
    let input: string;
    try {
      const ingest = {
        url: this.url,
        timeoutMs: this.o.rtspTimeoutMs,
        audio: this.audioWanted ? this.audio : 'none',
        analyzeMs: this.analyzeMs,
      };
      args = ingestArgs(ingest);
      input = ingestInput(ingest);
    } catch (err) {
      // Nothing to retry until the camera's URL changes (setUrl).
      this.o.log.error({ uidd: this.o.uidd, stream: this.o.stream, err: String(err) }, 'camera URL refused');
      return;
    }
    // The camera's address (and password) goes on a pipe of its own, never in the arguments `ps` shows.
    const child = spawnTied(this.o.ffmpegPath, args, ['pipe', 'pipe', 'pipe', 'pipe']);
    const list = child.stdio[INGEST_INPUT_FD] as Writable | null;
    list?.on('error', noop);
    list?.end(input);
    const now = this.o.now();
    let resolveExit: () => void = noop;
    const run: Run = {
      child,
      startedAt: now,
      lastDataAt: now,
      lastWallMs: now,
      fragments: 0,
      videoFragments: 0,
      stalled: false,
      stderr: [],
      splitter: new Mp4Splitter(),
      reader: undefined,
      timeline: undefined,
      exited: new Promise((r) => {
        resolveExit = r;
      }),
    };
    this.run = run;
    child.stdin?.on('error', noop);
    if (child.stdout) {
      run.reader = new PacedReader(
        child.stdout,
        (bytes, borrowed) => this.onData(run, bytes, borrowed),
        this.o.now,
      );
      run.reader.setPrompt(this.prompt);
    }
    if (child.stderr) {
      createInterface({ input: child.stderr }).on('line', (line) => {
        run.stderr.push(redact(line, this.secrets));
        if (run.stderr.length > 20) run.stderr.shift();
      });
    }
    let ended = false;
    const end = (code: number | null, signal: string | null, err?: Error): void => {
      if (ended) return;
      ended = true;
      void this.onExit(run, code, signal, err).finally(resolveExit);
    };
    child.on('error', (err) => end(null, null, err));
    // What ffmpeg wrote before it exited is read to the end ('close' comes after its pipes have ended).
    child.on('exit', () => run.reader?.drain());
    child.on('close', (code, signal) => end(code, signal));
  }

  /**
   * Turns bytes of ffmpeg's output into init and fragments; returns how many it used (a box not yet whole comes
   * again with the next bytes). Fragments of `borrowed` bytes are views of the shared read buffer (0212): marked
   * so, they are valid until onBatchEnd returns.
   */
  private onData(run: Run, bytes: Buffer, borrowed: boolean): number {
    if (run !== this.run) return bytes.length;
    const now = this.o.now();
    run.lastDataAt = now;
    this.lastDataAt = now;
    let split: ReturnType<Mp4Splitter['split']>;
    try {
      split = run.splitter.split(bytes);
    } catch (err) {
      this.o.log.error(
        { uidd: this.o.uidd, stream: this.o.stream, err: String(err) },
        'unreadable ffmpeg output',
      );
      void stopProcess(run.child);
      return bytes.length;
    }
    for (const ev of split.events) {
      if (ev.kind === 'init') {
        run.timeline = new Timeline(ev.init.info.video?.timescale ?? 90_000);
        this.o.onInit(ev.init);
        continue;
      }
      const f = ev.fragment;
      if (f.video && run.timeline) run.lastWallMs = run.timeline.toWall(f.video.baseDecodeTime, now);
      run.fragments++;
      if (f.video) {
        run.videoFragments++;
        this.problem = null;
        this.setStatus('online');
      }
      const timed = f as TimedFragment;
      timed.wallMs = run.lastWallMs;
      if (borrowed) timed.borrowed = true;
      this.o.onFragment(timed);
    }
    this.o.onBatchEnd();
    return split.consumed;
  }

  private async onExit(run: Run, code: number | null, signal: string | null, err?: Error): Promise<void> {
    if (this.run === run) this.run = undefined;
    this.setStatus('offline');
    await this.o.onRunEnd().catch(noop);
    const now = this.o.now();
    if (run.fragments > 0 && now - run.startedAt >= this.o.healthyRunMs) this.failures = 0;
    this.failures++;
    const stderr = run.stderr.join('\n');
    if (!this.stopped)
      this.problem =
        classifyFailure({ stderr, stalled: run.stalled, videoFragments: run.videoFragments }) ?? null;
    const adjusted = this.adapt(stderr);
    // The camera ended a stream that sent video (ffmpeg read its end: exit 0), as a camera does when its encoder
    // restarts with new settings (decision 0714): the new stream is there already, so the first retry is at once.
    const endedByCamera = code === 0 && !run.stalled && run.videoFragments > 0 && this.failures === 1;
    const delay = endedByCamera
      ? 0
      : adjusted
        ? this.o.backoffInitialMs
        : backoffDelay(this.failures, this.o.backoffInitialMs, this.o.backoffMaxMs);
    const fields = {
      uidd: this.o.uidd,
      stream: this.o.stream,
      code,
      signal,
      err: err ? String(err) : undefined,
      stderr: run.stderr.slice(-3).join(' | '),
      problem: this.problem,
      ranMs: now - run.startedAt,
      retryInMs: this.stopped ? undefined : delay,
    };
    if (this.stopped) this.o.log.debug(fields, 'ffmpeg stopped');
    else this.o.log.warn(fields, 'ffmpeg exited; restarting');
    if (!this.stopped) this.schedule(delay);
  }

  /** Learns from ffmpeg's complaint, so the next run can succeed: returns whether a setting changed. */
  private adapt(stderr: string): boolean {
    if (
      // Stream #0 is the video: no audio setting helps it (classifyFailure calls it 'video unsupported').
      /Could not find tag for codec \S+ in stream #[1-9]/i.test(stderr) &&
      this.audio !== 'none'
    ) {
      // G.711 and other audio MP4 cannot carry: re-encode the audio only; failing that, drop it.
      this.audio = this.audio === 'copy' ? 'aac' : 'none';
      this.o.log.info(
        { uidd: this.o.uidd, stream: this.o.stream, audio: this.audio },
        'audio cannot be copied',
      );
      return true;
    }
    if (/Could not find codec parameters|dimensions not set/i.test(stderr) && this.analyzeMs < 10_000) {
      this.analyzeMs = 10_000;
      return true;
    }
    return false;
  }

  private schedule(delay: number): void {
    this.retry = setTimeout(() => this.launch(), delay);
    if (delay <= 2000) return;
    let sawDown = false;
    const { host, port } = endpoint(this.url);
    const check = (): void => {
      void reachable(host, port).then((up) => {
        if (this.stopped || this.run || !this.retry) return;
        if (!up) sawDown = true;
        else if (sawDown) {
          this.o.log.info(
            { uidd: this.o.uidd, stream: this.o.stream },
            'camera answers again; restarting now',
          );
          this.launch();
          return;
        }
        this.probe = setTimeout(check, 2000);
      });
    };
    this.probe = setTimeout(check, 1000);
  }

  private checkStall(): void {
    const run = this.run;
    if (!run || this.stopped) return;
    // Silent for stallTimeoutMs of looking: a paced reader that has not looked since (a busy event loop) has not
    // seen the silence yet.
    const looked = Math.min(this.o.now(), run.reader?.lookedAt ?? Number.POSITIVE_INFINITY);
    if (looked - run.lastDataAt > this.o.stallTimeoutMs) {
      this.o.log.warn(
        { uidd: this.o.uidd, stream: this.o.stream },
        'no data from the camera; restarting ffmpeg',
      );
      run.lastDataAt = Number.POSITIVE_INFINITY;
      run.stalled = true;
      void stopProcess(run.child);
    }
  }

  private setStatus(s: StreamStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.o.onStatus(s);
  }

  private clearTimers(): void {
    clearTimeout(this.retry);
    clearTimeout(this.probe);
    this.retry = undefined;
    this.probe = undefined;
  }
}

function endpoint(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) || (u.protocol === 'rtsps:' ? 322 : 554) };
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port, timeout: 1000 });
    const done = (ok: boolean): void => {
      s.destroy();
      resolve(ok);
    };
    s.once('connect', () => done(true));
    s.once('timeout', () => done(false));
    s.once('error', () => done(false));
  });
}
