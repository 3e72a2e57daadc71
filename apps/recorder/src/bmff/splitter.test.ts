import { describe, expect, it } from 'vitest';
import { chop, makeFmp4 } from '../testing/fixtures.ts';
import { type Fragment, type InitSegment, Mp4Splitter } from './splitter.ts';

function split(data: Buffer): { init: InitSegment[]; fragments: Fragment[]; pending: number } {
  const s = new Mp4Splitter();
  const init: InitSegment[] = [];
  const fragments: Fragment[] = [];
  for (const chunk of chop(data)) {
    for (const ev of s.push(chunk)) {
      if (ev.kind === 'init') init.push(ev.init);
      else fragments.push(ev.fragment);
    }
  }
  return { init, fragments, pending: s.pendingBytes };
}

describe('Mp4Splitter on real ffmpeg output', () => {
  it('splits H.264 + AAC into an init segment and one fragment per frame, and finds the keyframes', () => {
    const data = makeFmp4({ seconds: 3, fps: 10, gop: 10, audio: true });
    const { init, fragments, pending } = split(data);
    expect(init).toHaveLength(1);
    const info = init[0]!.info;
    expect(info.video).toMatchObject({ kind: 'video', width: 320, height: 240 });
    expect(info.video?.codec).toMatch(/^avc1\.[0-9a-f]{6}$/);
    expect(info.mimeType).toMatch(/^video\/mp4; codecs="avc1\.[0-9a-f]{6},mp4a\.40\.2"$/);
    const video = fragments.filter((f) => f.video);
    expect(video).toHaveLength(30);
    expect(fragments.length).toBeGreaterThan(30);
    // Keyframes every 10 frames, and nowhere else.
    expect(video.map((f, i) => (f.keyframe ? i : -1)).filter((i) => i >= 0)).toEqual([0, 10, 20]);
    // Each fragment starts where the previous one ended; a frame lasts 1/10 s (the first one is longer: ffmpeg
    // shifts video by the AAC encoder's priming delay).
    const ts = info.video!.timescale;
    for (let i = 1; i < video.length; i++) {
      const prev = video[i - 1]!.video!;
      expect(video[i]!.video!.baseDecodeTime).toBe(prev.baseDecodeTime + prev.duration);
      if (i > 1) expect(prev.duration).toBe(ts / 10);
    }
    // Every byte is accounted for: init + fragments == the whole stream.
    const total = init[0]!.data.length + fragments.reduce((n, f) => n + f.data.length, 0);
    expect(total + pending).toBe(data.length);
    expect(pending).toBe(0);
  });

  it('reads H.265 and its codec string', () => {
    const { init, fragments } = split(makeFmp4({ codec: 'h265', seconds: 2, gop: 10 }));
    expect(init[0]!.info.video?.codec).toMatch(/^hev1\.1\.6\.L\d+(\.[0-9A-F]+)*$/);
    expect(fragments.filter((f) => f.keyframe)).toHaveLength(2);
  });

  it('waits for the rest of a box that arrives cut in two', () => {
    const data = makeFmp4({ seconds: 1 });
    const s = new Mp4Splitter();
    const first = s.push(data.subarray(0, data.length - 5));
    const last = s.push(data.subarray(data.length - 5));
    expect(first.filter((e) => e.kind === 'fragment')).toHaveLength(9);
    expect(last.filter((e) => e.kind === 'fragment')).toHaveLength(1);
  });

  it('refuses a corrupt box size instead of buffering forever', () => {
    const s = new Mp4Splitter();
    expect(() => s.push(Buffer.from([0, 0, 0, 3, 0x6d, 0x6f, 0x6f, 0x66]))).toThrow(/bad box size/);
  });

  it('splits in place: fragments are views of the buffer given, a box cut short is left for the next bytes', () => {
    const data = makeFmp4({ seconds: 1, audio: true });
    const whole = split(data);
    const s = new Mp4Splitter();
    // As the paced reader does: one reused buffer, the unused rest carried to its front before the next read.
    const buf = Buffer.alloc(data.length);
    const got: Buffer[] = [];
    let filled = 0;
    let off = 0;
    for (const chunk of chop(data, 7)) {
      filled += chunk.copy(buf, filled);
      off += chunk.length;
      const { events, consumed } = s.split(buf.subarray(0, filled));
      for (const ev of events) {
        if (ev.kind !== 'fragment') continue;
        // A view of the buffer, not a copy (the hot path allocates no bytes).
        expect(ev.fragment.data.buffer).toBe(buf.buffer);
        got.push(Buffer.from(ev.fragment.data));
      }
      buf.copyWithin(0, consumed, filled);
      filled -= consumed;
    }
    expect(off).toBe(data.length);
    expect(filled).toBe(0);
    expect(got).toEqual(whole.fragments.map((f) => f.data));
  });

  it('gives the same fragments wherever the stream is cut, a moof waiting for its mdat included', () => {
    const data = makeFmp4({ seconds: 1 });
    const whole = split(data).fragments.map((f) => f.data);
    // Every cut point within the first fragments: inside headers, between moof and mdat, inside the mdat.
    const initLength = data.length - Buffer.concat(whole).length;
    for (let cut = initLength - 9; cut < initLength + 2 * (whole[0]?.length ?? 0); cut += 3) {
      const s = new Mp4Splitter();
      const events = [...s.push(data.subarray(0, cut)), ...s.push(data.subarray(cut))];
      const fragments = events.flatMap((e) => (e.kind === 'fragment' ? [e.fragment.data] : []));
      expect(fragments).toEqual(whole);
      expect(events.filter((e) => e.kind === 'init')).toHaveLength(1);
      expect(s.pendingBytes).toBe(0);
    }
  });
});
