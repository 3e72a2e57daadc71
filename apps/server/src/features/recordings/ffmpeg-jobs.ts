import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { lowerPriority, spawnTied } from '@vigil/recorder';

/** At most `limit` jobs at once; the others wait their turn (ffmpeg jobs share two cores with the recorder). */
export class JobLimiter {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  readonly #limit: number;
  constructor(limit: number) {
    this.#limit = limit;
  }

  async acquire(): Promise<() => void> {
    if (this.#running >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      this.#waiting.shift()?.();
    };
  }
}

export interface FfmpegJob {
  child: ChildProcess;
  /** What ffmpeg writes: piped on into the answer with reply.send, never written into a socket directly. */
  stdout: Readable;
  /** Resolves when ffmpeg exits cleanly; rejects with its last error lines otherwise. */
  done: Promise<void>;
  /** Stops it (the client went away): SIGTERM, then SIGKILL. */
  kill(): void;
}

/** Spawns ffmpeg without a shell (it dies with the server), writes `stdin` to it and closes its input. */
export function startFfmpeg(ffmpegPath: string, args: string[], stdin = ''): FfmpegJob {
  const child = spawnTied(ffmpegPath, args, ['pipe', 'pipe', 'pipe']);
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-2000);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code ?? signal}: ${err.trim()}`)),
    );
  });
  // Nothing waits on `done` when a client hangs up; the rejection is expected then.
  done.catch(() => {});
  child.stdin?.on('error', () => {});
  child.stdin?.end(stdin);
  return {
    child,
    // Piped (stdio above): never null.
    stdout: child.stdout as Readable,
    done,
    kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    },
  };
}

/** What a clip's output must hold before its answer is sent: a movie fragment, or MPEG-TS beyond its tables. */
const holdsMedia = {
  mp4: (head: Buffer) => head.includes('moof'),
  // The first two packets are the tables (PAT, PMT); anything after them is audio or video.
  mpegts: (head: Buffer) => head.length > 2 * 188,
} as const;

/**
 * Waits until a job's output holds media, and answers what it wrote so far (to be sent before the rest); undefined
 * when ffmpeg ended without writing any (nothing to send: not a 200 with a broken file). Rejects when ffmpeg failed
 * before writing media. The output is paused meanwhile; the caller pipes it on.
 */
export function firstMedia(job: FfmpegJob, format: keyof typeof holdsMedia): Promise<Buffer | undefined> {
  const out = job.stdout;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let head = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      chunks.push(d);
      // Only the start is searched: a fragment follows the header within a keyframe interval of video.
      if (head.length < 1 << 20) head = Buffer.concat([head, d]);
      if (!holdsMedia[format](head)) return;
      out.off('data', onData);
      out.pause();
      resolve(Buffer.concat(chunks));
    };
    out.on('data', onData);
    job.done.then(
      () => resolve(holdsMedia[format](head) ? Buffer.concat(chunks) : undefined),
      (err: unknown) => (holdsMedia[format](head) ? resolve(Buffer.concat(chunks)) : reject(err)),
    );
  });
}

/**
 * Runs ffmpeg to completion and returns its stdout (small outputs: stills). `nice`: the job's scheduling priority
 * (decodes only analytics use run below recording and live: decision 0798).
 */
export async function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  timeoutMs = 15_000,
  nice?: number,
): Promise<Buffer> {
  const job = startFfmpeg(ffmpegPath, args);
  if (nice !== undefined && job.child.pid) lowerPriority(job.child.pid, nice);
  const out: Buffer[] = [];
  job.stdout.on('data', (d: Buffer) => out.push(d));
  const timer = setTimeout(() => job.kill(), timeoutMs);
  try {
    await job.done;
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(out);
}

/** Bytes a process has written so far (Linux), or undefined where the kernel does not say. */
async function written(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  const io = await readFile(`/proc/${pid}/io`, 'utf8').catch(() => undefined);
  const m = io && /^wchar:\s*(\d+)/m.exec(io);
  return m ? Number(m[1]) : undefined;
}

/**
 * Stops a job whose output has not moved for `idleMs`: a client that stopped reading (but keeps its connection
 * open) would otherwise hold ffmpeg, blocked on the socket, and a place among the clips running at once.
 */
export function stopWhenStalled(job: FfmpegJob, idleMs = 60_000, everyMs = 10_000): void {
  let last = -1;
  let since = Date.now();
  const check = async () => {
    const now = await written(job.child.pid);
    if (now === undefined) return clearInterval(timer);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= idleMs) {
      clearInterval(timer);
      job.kill();
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  job.done.finally(() => clearInterval(timer)).catch(() => {});
}
