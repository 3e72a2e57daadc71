import { setPriority } from 'node:os';
import { spawnTied, stopProcess } from '../supervisor/process.ts';

/**
 * Runs a short ffmpeg job fed from memory; resolves with its stdout, rejects on failure or after timeoutMs. `nice`:
 * the job's scheduling priority (analysis-only decodes run below recording and live: decision 0798).
 */
export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  input: Buffer[],
  timeoutMs = 15_000,
  nice?: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnTied(ffmpegPath, args);
    if (nice !== undefined && child.pid) lowerPriority(child.pid, nice);
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => {
      void stopProcess(child, 500);
      reject(new Error('ffmpeg timed out'));
    }, timeoutMs);
    child.stdout?.on('data', (d: Buffer) => out.push(d));
    child.stderr?.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg exited ${code}: ${err.trim()}`));
    });
    // ffmpeg may stop reading once it has its picture: EPIPE on the rest is expected.
    child.stdin?.on('error', () => {});
    for (const b of input) child.stdin?.write(b);
    child.stdin?.end();
  });
}

/** Best effort: a process that has already ended, or a platform that refuses, keeps its priority. */
export function lowerPriority(pid: number, nice: number): void {
  try {
    setPriority(pid, nice);
  } catch {
    // Gone already, or not allowed: the job runs at the server's priority.
  }
}
