import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoopParams, loopCacheKey, preEncodeArgs } from './encode-args.ts';

/** The simulator's files: the pre-encoded loops it replays (cached by their parameters) and its speakers' sound. */

/** Where camera on `port` writes what its speaker plays; emptied when the simulator starts. */
export function speakerPath(port: number): string {
  const path = join(tmpdir(), 'vigil-simulator-speakers', `${process.pid}-${port}.pcm`);
  mkdirSync(join(tmpdir(), 'vigil-simulator-speakers'), { recursive: true });
  rmSync(path, { force: true });
  return path;
}

export async function ensureLoop(p: LoopParams, cacheDir: string, log: (l: string) => void): Promise<string> {
  const file = join(cacheDir, `${loopCacheKey(p)}.${p.codec}`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  // Written under a unique name and renamed: concurrent test files may encode the same loop at once.
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  log(
    `[simulator] encoding ${p.width}x${p.height} ${p.codec} loop of ${p.loopSec} s (cached in ${cacheDir})`,
  );
  try {
    await run(
      'ffmpeg',
      preEncodeArgs(p, tmp, p.object || p.view === 'shop' ? await ensurePicture(cacheDir) : undefined),
    );
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  return file;
}

/** The person's photograph (assets/person.png, LICENSE.md there), copied into the cache: the filter graph names it,
 * and the cache's path has nothing to escape where a checkout's might. */
async function ensurePicture(cacheDir: string): Promise<string> {
  const file = join(cacheDir, 'person-v1.png');
  if (existsSync(file)) return file;
  const tmp = join(cacheDir, `person-${randomBytes(4).toString('hex')}.png`);
  try {
    copyFileSync(fileURLToPath(new URL('assets/person.png', import.meta.url)), tmp);
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  return file;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err}`))));
  });
}
