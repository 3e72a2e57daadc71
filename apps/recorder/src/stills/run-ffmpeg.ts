import { spawnTied, stopProcess } from '../supervisor/process.ts';

/** Runs a short ffmpeg job fed from memory; resolves with its stdout, rejects on failure or after timeoutMs. */
export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  input: Buffer[],
  timeoutMs = 15_000,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnTied(ffmpegPath, args);
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
