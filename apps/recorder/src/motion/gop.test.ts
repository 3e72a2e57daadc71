import { describe, expect, it } from 'vitest';
import type { FileSpan, TimedFragment } from '../storage/segment-writer.ts';
import { gopEntry, gopFragments } from './gop.ts';

const video = { baseDecodeTime: 0, duration: 1 } as TimedFragment['video'];

/** A "segment file" and a shared read buffer, as paced reading gives them (0212). */
function recorded(n: number, segment = 7) {
  const file = Buffer.from(Array.from({ length: n * 4 }, (_, i) => i % 251));
  const shared = Buffer.alloc(4);
  const reads: FileSpan[] = [];
  const read = (s: number, byte: number, length: number) => {
    reads.push({ segment: s, byte, length });
    return s === segment && byte + length <= file.length
      ? Buffer.from(file.subarray(byte, byte + length))
      : undefined;
  };
  const push = (i: number, own?: Buffer) => {
    file.copy(shared, 0, i * 4, i * 4 + 4);
    const f: TimedFragment = { data: shared, video, keyframe: i === 0, wallMs: 1000 + i, borrowed: true };
    return gopEntry(f, { segment, byte: i * 4, length: 4 }, own);
  };
  return { file, shared, reads, read, push };
}

describe('the GOP kept for the start refinement', () => {
  it('keeps recorded fragments as places, not bytes, and reads them back in one read', () => {
    const r = recorded(6);
    const kf = Buffer.from(r.file.subarray(0, 4));
    const follower = Buffer.from(r.file.subarray(4, 8));
    const gop = [r.push(0, kf), r.push(1, follower), r.push(2), r.push(3), r.push(4), r.push(5)];
    // Nothing of the shared buffer is kept (it is overwritten by the next batch).
    expect(gop.slice(2).every((e) => e.data === undefined)).toBe(true);
    r.shared.fill(0);
    const back = gopFragments(gop, r.read);
    expect(back?.map((f) => f.wallMs)).toEqual([1000, 1001, 1002, 1003, 1004, 1005]);
    expect(Buffer.concat(back!.map((f) => f.data))).toEqual(r.file);
    expect(r.reads).toEqual([{ segment: 7, byte: 8, length: 16 }]);
  });

  it('gives nothing when a segment cannot be read back (the event then starts at the keyframe)', () => {
    const r = recorded(4);
    const gop = [r.push(0, Buffer.from(r.file.subarray(0, 4))), r.push(1), r.push(2), r.push(3)];
    expect(gopFragments(gop, () => undefined)).toBeUndefined();
    expect(gopFragments(gop, undefined)).toBeUndefined();
    // A gap (a fragment the writer did not take) splits the read; a span in another segment is unreadable here.
    const gapped = [gop[0]!, gop[1]!, gop[3]!];
    expect(gopFragments(gapped, r.read)?.map((f) => f.wallMs)).toEqual([1000, 1001, 1003]);
    expect(r.reads.slice(-2)).toEqual([
      { segment: 7, byte: 4, length: 4 },
      { segment: 7, byte: 12, length: 4 },
    ]);
    const elsewhere = [gop[0]!, { ...gop[1]!, at: { segment: 8, byte: 4, length: 4 } }];
    expect(gopFragments(elsewhere, r.read)).toBeUndefined();
  });

  it('copies borrowed bytes with no file behind them (a stream not recorded)', () => {
    const shared = Buffer.from([1, 2, 3]);
    const e = gopEntry({ data: shared, video, keyframe: false, wallMs: 5, borrowed: true }, undefined);
    shared.fill(0);
    expect(gopFragments([e], undefined)).toEqual([{ data: Buffer.from([1, 2, 3]), wallMs: 5 }]);
  });
});
