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
      return chunk.length;
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
      return chunk.length;
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

  it('carries what the sink did not use to the front of the next bytes, paced and prompt alike', async () => {
    const child = writer(120, 5);
    const used: Buffer[] = [];
    const kinds = new Set<boolean>();
    // The sink takes whole units of 1500 bytes (a line and a half): every read leaves a tail.
    const reader = new PacedReader(child.stdout, (bytes, borrowed) => {
      kinds.add(borrowed);
      const n = bytes.length - (bytes.length % 1500);
      used.push(Buffer.from(bytes.subarray(0, n)));
      return n;
    });
    child.on('exit', () => reader.drain());
    setTimeout(() => reader.setPrompt(true), 300);
    setTimeout(() => reader.setPrompt(false), 450);
    await new Promise((r) => child.stdout.once('close', r));
    const expected = `${'x'.repeat(999)}\n`.repeat(120);
    const got = Buffer.concat(used).toString();
    expect(got.length).toBe(120_000);
    expect(got === expected).toBe(true);
    // Both ways of reading were used: the shared buffer (borrowed) and libuv's own.
    expect(kinds.has(true) && kinds.has(false)).toBe(true);
  });

  it('holds a box larger than the shared buffer until it is whole', async () => {
    // 800 lines of 1000 bytes written at once: more than the 512 KB buffer, read over several ticks.
    const script = `process.stdout.write(('x'.repeat(999) + '\\n').repeat(800));`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const seen: number[] = [];
    let whole: string | undefined;
    const reader = new PacedReader(child.stdout, (bytes) => {
      seen.push(bytes.length);
      // One "box" of 800 000 bytes: nothing is used until all of it is there.
      if (bytes.length < 800_000) return 0;
      whole = bytes.subarray(0, 800_000).toString();
      return 800_000;
    });
    // Paced only: the end is drained by libuv once the process has exited.
    child.on('exit', () => setTimeout(() => reader.drain(), 1500));
    await new Promise((r) => child.stdout.once('close', r));
    expect(whole === `${'x'.repeat(999)}\n`.repeat(800)).toBe(true);
    // It came in pieces, each time with everything before it.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
