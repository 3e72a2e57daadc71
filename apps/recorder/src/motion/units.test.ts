import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { FrameAnalysis } from './analyzer.ts';
import { motionDecodeArgs } from './args.ts';
import { analysisSize, Downsampler, frameLayout, parseRawOutputLine, RawFrameReader } from './frames.ts';
import { RomKeeper } from './rom.ts';
import { MotionTracker } from './tracker.ts';
import { zoneMask } from './zone-mask.ts';

const still: FrameAnalysis = {
  moving: false,
  fraction: 0,
  objectBlocks: 0,
  lightBlocks: 0,
  noise: 1,
  lightSwitch: false,
  warmingUp: false,
};
const moving = (fraction: number): FrameAnalysis => ({ ...still, moving: true, fraction, objectBlocks: 3 });

describe('motion ffmpeg arguments', () => {
  it('decodes fMP4 from stdin at one thread, rawvideo out, no filter', () => {
    const a = motionDecodeArgs({ input: { kind: 'pipe' }, keyframesOnly: true });
    expect(a).toEqual(
      expect.arrayContaining(['-threads', '1', '-skip_loop_filter', 'all', '-f', 'rawvideo']),
    );
    expect(a).not.toContain('-vf');
    expect(a).not.toContain('-skip_frame');
    expect(a[a.indexOf('-i') + 1]).toBe('pipe:0');
    expect(a[a.indexOf('-protocol_whitelist') + 1]).toBe('pipe');
    expect(a.at(-1)).toBe('pipe:1');
    const full = motionDecodeArgs({ input: { kind: 'pipe' }, keyframesOnly: false });
    expect(full).not.toContain('-skip_loop_filter');
  });

  it('pulls RTSP itself skipping every non-keyframe, refusing other protocols', () => {
    const a = motionDecodeArgs({
      input: { kind: 'rtsp', url: 'rtsp://cam/main', timeoutMs: 5000 },
      keyframesOnly: true,
    });
    expect(a).toEqual(
      expect.arrayContaining(['-skip_frame', 'nokey', '-rtsp_transport', 'tcp', '-timeout', '5000000']),
    );
    expect(() =>
      motionDecodeArgs({
        input: { kind: 'rtsp', url: 'file:/etc/passwd', timeoutMs: 1 },
        keyframesOnly: true,
      }),
    ).toThrow(/rtsp/);
  });
});

describe('raw frames', () => {
  it('reads the output format from the log and the planes of common formats', () => {
    expect(
      parseRawOutputLine(
        '  Stream #0:0: Video: rawvideo (I420 / 0x30323449), yuv420p(progressive), 1920x1080, q=2-31',
      ),
    ).toEqual({ pixFmt: 'yuv420p', width: 1920, height: 1080 });
    expect(parseRawOutputLine('  Stream #0:0: Video: h264 (High), yuv420p, 1920x1080')).toBeNull();
    expect(frameLayout('yuv420p', 1920, 1080)?.frameBytes).toBe(3_110_400);
    expect(frameLayout('yuvj422p', 4, 2)?.frameBytes).toBe(16);
    expect(frameLayout('yuv420p10le', 4, 2)).toMatchObject({ frameBytes: 24, sampleBytes: 2 });
    expect(frameLayout('rgb24', 4, 2)).toBeNull();
    expect(analysisSize(1920, 1080)).toEqual({ block: 12, width: 160, height: 90 });
    expect(analysisSize(1280, 720)).toEqual({ block: 8, width: 160, height: 90 });
    expect(analysisSize(704, 576)).toEqual({ block: 4, width: 176, height: 144 });
  });

  it('averages luma blocks the same on the fast and the plain path', () => {
    const W = 64;
    const H = 32;
    const luma = new Uint8Array(W * H * 1.5);
    for (let i = 0; i < W * H; i++) luma[i] = (i * 37) % 251;
    const fast = new Downsampler({
      pixFmt: 'yuv420p',
      width: W * 10,
      height: H * 10,
      frameBytes: 0,
      sampleBytes: 1,
    });
    expect(fast.size.block).toBe(4);
    const big = new Uint8Array(W * 10 * H * 10 * 1.5);
    for (let y = 0; y < H * 10; y++)
      for (let x = 0; x < W * 10; x++) big[y * W * 10 + x] = luma[(y % H) * W + (x % W)]!;
    const a = fast.run(big);
    // The plain path: a 10-bit picture with the same values shifted up.
    const deep = new Uint8Array(big.length * 2);
    for (let i = 0; i < W * 10 * H * 10; i++) {
      const v = big[i]! << 2;
      deep[2 * i] = v & 0xff;
      deep[2 * i + 1] = v >> 8;
    }
    const plain = new Downsampler({
      pixFmt: 'yuv420p10le',
      width: W * 10,
      height: H * 10,
      frameBytes: 0,
      sampleBytes: 2,
    });
    expect(plain.run(deep)).toEqual(a);
    const mean =
      (luma[0]! + luma[1]! + luma[2]! + luma[3]! + luma[W]! + luma[W + 1]! + luma[W + 2]! + luma[W + 3]!) / 8;
    expect(
      Math.abs(
        a[0]! -
          (mean +
            (luma[2 * W]! +
              luma[2 * W + 1]! +
              luma[2 * W + 2]! +
              luma[2 * W + 3]! +
              luma[3 * W]! +
              luma[3 * W + 1]! +
              luma[3 * W + 2]! +
              luma[3 * W + 3]!) /
              8) /
            2,
      ),
    ).toBeLessThanOrEqual(0.5);
  });

  it('cuts the stream into pictures, keeping bytes that came before the format, skipping unwanted ones', () => {
    const got: (number | null)[] = [];
    let want = true;
    const r = new RawFrameReader(
      (grey) => got.push(grey ? grey[0]! : null),
      () => want,
    );
    const pic = (v: number) => Buffer.alloc(640 * 360 * 1.5, v);
    const two = Buffer.concat([pic(10), pic(20)]);
    r.data(two.subarray(0, 1000));
    r.logLine('Stream #0:0: Video: rawvideo (I420 / 0x30323449), yuv420p, 640x360');
    r.data(two.subarray(1000));
    want = false;
    r.data(pic(30));
    expect(got).toEqual([10, 20, null]);
    const bad = new RawFrameReader(() => {});
    bad.logLine('Stream #0:0: Video: rawvideo (RGB[24] / 0x18424752), rgb24, 64x64');
    expect(bad.unsupported).toBe('rgb24 64x64');
  });
});

describe('zone mask', () => {
  it('fills polygons by pixel centre; no zone is everything', () => {
    expect(zoneMask(4, 2, []).every((v) => v === 1)).toBe(true);
    const left = zoneMask(10, 10, [
      {
        points: [
          [0, 0],
          [0.5, 0],
          [0.5, 1],
          [0, 1],
        ],
      },
    ]);
    expect([...left.subarray(0, 10)]).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    const tri = zoneMask(10, 10, [
      {
        points: [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
      },
    ]);
    expect(tri.reduce((s, v) => s + v, 0)).toBeGreaterThan(40);
    expect(tri.reduce((s, v) => s + v, 0)).toBeLessThan(60);
    expect(tri[99]).toBe(0);
  });
});

describe('motion tracker', () => {
  it('opens at the first moving picture, keeps the peak, ends after a quiet hold at the first quiet picture', () => {
    const t = new MotionTracker({ minHoldMs: 2000 });
    const steps = [
      t.push(0, still),
      t.push(1000, moving(0.01)),
      t.push(2000, moving(0.05)),
      t.push(3000, still),
      t.push(4000, moving(0.02)),
      t.push(5000, still),
      t.push(6000, still),
      t.push(7000, still),
    ].flat();
    expect(steps).toEqual([
      { type: 'start', atMs: 1000, fraction: 0.01 },
      { type: 'peak', atMs: 2000, fraction: 0.05 },
      { type: 'end', startMs: 1000, endMs: 5000, peakMs: 2000, peakFraction: 0.05 },
    ]);
  });

  it('holds longer than the picture interval, splits very long events, closes on flush', () => {
    const t = new MotionTracker({ minHoldMs: 1000, maxEventMs: 10_000 });
    t.push(0, still);
    t.push(4000, moving(0.1));
    expect(t.holdMs).toBeGreaterThanOrEqual(6400);
    expect(t.push(8000, still)).toEqual([]);
    expect(t.push(12_000, moving(0.1)).map((s) => s.type)).toEqual([]);
    expect(t.push(16_000, moving(0.1)).map((s) => s.type)).toEqual(['end', 'start']);
    expect(t.flush()).toEqual([
      { type: 'end', startMs: 16_000, endMs: 16_000, peakMs: 16_000, peakFraction: 0.1 },
    ]);
    expect(t.active).toBe(false);
  });
});

describe('record on motion', () => {
  it('keeps segments a window overlaps (with pre- and post-roll) and deletes the rest once settled', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vigil-rom-'));
    let now = 0;
    const deleted: string[] = [];
    const repo = { deleteIds: async (ids: readonly string[]) => void deleted.push(...ids) };
    const rom = new RomKeeper({
      root,
      segments: repo as never,
      log: { debug() {}, info() {}, warn() {}, error() {} },
      now: () => now,
      preMs: 2000,
      postMs: 2000,
      settleMs: 3000,
    });
    const uidd = 'o.c' as Uidd;
    rom.setRom(uidd, true);
    const seg = (i: number) => {
      const path = `s${i}.m4s`;
      writeFileSync(join(root, path), 'x');
      return {
        id: `s${i}`,
        uidd,
        stream: 'main' as const,
        startMs: (i * 4000) as EpochMs,
        endMs: ((i + 1) * 4000) as EpochMs,
        bytes: 1,
        path,
        initPath: 'init.mp4',
        codec: 'avc1',
      };
    };
    // Segments 0..9 cover 0–40 s, closing as time goes; an event 17–21 s keeps 15–23 s: segments 3, 4 and 5.
    const key = {};
    for (let i = 0; i < 5; i++) rom.segmentClosed(seg(i));
    rom.window(uidd, { key, startMs: 16_000, endMs: null });
    now = 20_000;
    await rom.prune();
    // Decided so far: unclaimed ones that ended before 15 s (pre + settle = 5 s ago): 0, 1, 2.
    expect(deleted.sort()).toEqual(['s0', 's1', 's2']);
    rom.window(uidd, { key, startMs: 17_000, endMs: 21_000 });
    for (let i = 5; i < 10; i++) rom.segmentClosed(seg(i));
    now = 60_000;
    await rom.prune();
    expect(deleted.sort()).toEqual(['s0', 's1', 's2', 's6', 's7', 's8', 's9']);
    // Other streams and non-rom cameras are never touched.
    rom.segmentClosed({ ...seg(20), stream: 'sd' });
    rom.setRom(uidd, false);
    rom.segmentClosed(seg(21));
    now = 200_000;
    expect(await rom.prune()).toBe(0);
    rmSync(root, { recursive: true, force: true });
  });
});
