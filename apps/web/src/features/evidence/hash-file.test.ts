import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfFile } from './hash-file.ts';

describe('sha256OfFile', () => {
  it('gives the FIPS 180-2 vectors for "abc" and the empty file', async () => {
    expect(await sha256OfFile(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256OfFile(new Blob([]))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('hashes a file of several chunks as node:crypto does, reporting progress up to the size', async () => {
    const bytes = new Uint8Array(9 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
    const seen: number[] = [];
    const hex = await sha256OfFile(new Blob([bytes]), (done) => seen.push(done));
    expect(hex).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(seen).toEqual([0, 2_097_152, 4_194_304, 6_291_456, 8_388_608, 9_437_201]);
  });

  it('stops when aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(sha256OfFile(new Blob(['x']), undefined, abort.signal)).rejects.toThrow();
  });
});
