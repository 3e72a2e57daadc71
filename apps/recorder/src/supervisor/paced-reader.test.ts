import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PacedReader } from './paced-reader.ts';

/** A child writing `count` lines of 1000 bytes, one every `everyMs`, then exiting. */
function writer(count: number, everyMs: number) {
  const script = `let i = 0; const line = 'x'.repeat(999) + '\\n';
    const t = setInterval(() => { process.stdout.write(line); if (++i === ${count}) { clearInterval(t); } }, ${everyMs});`;
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

const until = (check: () => boolean): Promise<void> =>
  new Promise((resolve) => {
    const t = setInterval(() => {
      if (check()) {
        clearInterval(t);
        resolve();
      }
    }, 20);
  });

describe('PacedReader', () => {
  it('reads many writes in few batches while nobody watches, and everything up to the end', async () => {
    const child = writer(60, 10);
    let bytes = 0;
    let reads = 0;
    const reader = new PacedReader(child.stdout, (chunk) => {
      bytes += chunk.length;
      reads++;
    });
    child.on('exit', () => reader.drain());
    await new Promise((r) => child.stdout.once('close', r));
    expect(bytes).toBe(60_000);
    // 60 writes, 10 ms apart, read in batches of a tick (250 ms) each: far fewer reads than writes.
    expect(reads).toBeLessThan(30);
    expect(reader.batches).toBeGreaterThan(0);
  });

  it('reads each write as it comes while prompt, and goes back to batches', async () => {
    const child = writer(200, 5);
    let reads = 0;
    let bytes = 0;
    const reader = new PacedReader(child.stdout, (chunk) => {
      reads++;
      bytes += chunk.length;
    });
    child.on('exit', () => reader.drain());
    reader.setPrompt(true);
    expect(reader.isPrompt).toBe(true);
    await until(() => bytes >= 40_000);
    // Prompt: about one read per write (a write can still arrive together with the next one).
    expect(reads).toBeGreaterThan(10);
    reader.setPrompt(false);
    expect(reader.isPrompt).toBe(false);
    const readsBefore = reads;
    const bytesBefore = bytes;
    await new Promise((r) => child.stdout.once('close', r));
    expect(bytes).toBe(200_000);
    expect(reads - readsBefore).toBeLessThan((200_000 - bytesBefore) / 1000 / 2);
  });
});
