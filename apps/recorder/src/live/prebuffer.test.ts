import { describe, expect, it } from 'vitest';
import type { FileSpan, TimedFragment } from '../storage/segment-writer.ts';
import { Prebuffer, type SpanReader } from './prebuffer.ts';

/** A stand-in for the open segment file: fragments are appended to it as the writer would. */
class FakeFile {
  bytes = Buffer.alloc(0);
  segment = 1;
  reads: Array<[number, number, number]> = [];
  append(data: Buffer): FileSpan {
    const at = { segment: this.segment, byte: this.bytes.length, length: data.length };
    this.bytes = Buffer.concat([this.bytes, data]);
    return at;
  }
  readonly read: SpanReader = (segment, byte, length) => {
    this.reads.push([segment, byte, length]);
    if (segment !== this.segment || byte + length > this.bytes.length) return undefined;
    return Buffer.from(this.bytes.subarray(byte, byte + length));
  };
}

let t = 0;
/** A fragment whose bytes sit in `shared` (borrowed: overwritten after the call) or are its own. */
const frag = (name: string, keyframe: boolean, shared?: Buffer, duration = 100): TimedFragment => {
  t += duration;
  const own = Buffer.from(name);
  const data = shared ? shared.subarray(0, own.copy(shared)) : own;
  return {
    data,
    keyframe,
    video: { trackId: 1, baseDecodeTime: t, sampleCount: 1, duration, startsWithSync: keyframe },
    wallMs: t,
    ...(shared ? { borrowed: true } : {}),
  };
};
const names = (fs: TimedFragment[]): string[] => fs.map((f) => f.data.toString());

describe('Prebuffer', () => {
  it('keeps no bytes of recorded borrowed fragments and reads the GOP back in one read', () => {
    const file = new FakeFile();
    const shared = Buffer.alloc(64);
    const p = new Prebuffer();
    p.reset(1000);
    for (const [name, key] of [
      ['P0', false],
      ['K1', true],
      ['P2', false],
      ['K3', true],
      ['P4', false],
      ['P5', false],
    ] as const) {
      const f = frag(name, key, shared);
      p.push(f, file.append(f.data));
      // The shared buffer is reused for the next read: what was kept must not be a view of it.
      shared.fill(0x3f);
    }
    expect(file.reads).toEqual([]);
    expect(names(p.fragments(file.read))).toEqual(['K3', 'P4', 'P5']);
    // K3 starts at byte 6 (after P0 K1 P2): one read from there to the end.
    expect(file.reads).toEqual([[1, 6, 6]]);
    // What was read is kept: a second viewer costs no read.
    expect(names(p.fragments(file.read))).toEqual(['K3', 'P4', 'P5']);
    expect(file.reads).toHaveLength(1);
  });

  it('copies borrowed fragments with no file behind them (a stream not recorded)', () => {
    const shared = Buffer.alloc(64);
    const p = new Prebuffer();
    p.reset(1000);
    p.push(frag('K1', true, shared), undefined);
    shared.fill(0x3f);
    p.push(frag('P2', false, shared), undefined);
    shared.fill(0x3f);
    expect(names(p.fragments(() => undefined))).toEqual(['K1', 'P2']);
    expect(p.first(() => undefined)?.data.toString()).toBe('K1');
  });

  it('reads back only what it does not hold (a viewer left: owned fragments, then borrowed ones)', () => {
    const file = new FakeFile();
    const shared = Buffer.alloc(64);
    const p = new Prebuffer();
    p.reset(1000);
    for (const f of [frag('K1', true), frag('P2', false)]) p.push(f, file.append(f.data));
    for (const name of ['P3', 'P4']) {
      const f = frag(name, false, shared);
      p.push(f, file.append(f.data));
    }
    expect(names(p.fragments(file.read))).toEqual(['K1', 'P2', 'P3', 'P4']);
    expect(file.reads).toEqual([[1, 4, 4]]);
  });

  it('gives nothing, and drops the GOP, when the segment is gone (closed or dropped)', () => {
    const file = new FakeFile();
    const shared = Buffer.alloc(64);
    const p = new Prebuffer();
    p.reset(1000);
    for (const [name, key] of [
      ['K1', true],
      ['P2', false],
    ] as const) {
      const f = frag(name, key, shared);
      p.push(f, file.append(f.data));
    }
    file.segment = 2;
    expect(p.first(file.read)).toBeUndefined();
    expect(p.fragments(file.read)).toEqual([]);
    // Until the next keyframe nothing is kept (a decoder could not start).
    file.segment = 1;
    expect(p.fragments(file.read)).toEqual([]);
    const f = frag('P3', false, shared);
    expect(p.push(f, file.append(f.data))).toBe(false);
  });

  it('refuses spans that do not follow one another in one segment', () => {
    const file = new FakeFile();
    const shared = Buffer.alloc(64);
    const p = new Prebuffer();
    p.reset(1000);
    const k = frag('K1', true, shared);
    p.push(k, file.append(k.data));
    file.append(Buffer.from('gap'));
    const f = frag('P2', false, shared);
    p.push(f, file.append(f.data));
    expect(p.fragments(file.read)).toEqual([]);
  });

  it('keeps a keyframe split in two packets of one timestamp together, and gives the keyframe for stills', () => {
    const file = new FakeFile();
    const shared = Buffer.alloc(64);
    const p = new Prebuffer();
    p.reset(1000);
    for (const [name, key, d] of [
      ['K1', true, 100],
      ['P2', false, 100],
      ['S3', true, 0],
      ['K4', true, 100],
      ['P5', false, 100],
    ] as const) {
      const f = frag(name, key, shared, d);
      p.push(f, file.append(f.data));
    }
    expect(p.first(file.read)?.data.toString()).toBe('S3');
    expect(names(p.fragments(file.read))).toEqual(['S3', 'K4', 'P5']);
  });
});
