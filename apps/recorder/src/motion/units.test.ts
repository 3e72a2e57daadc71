import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpochMs, Uidd } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { LocalSegmentStore } from '../storage/segment-store.ts';
import type { FrameAnalysis } from './analyzer.ts';
import { motionDecodeArgs } from './args.ts';
import { analysisFilter, analysisSize, FrameSplitter } from './frames.ts';
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
  it('decodes fMP4 from stdin at one thread into small grey pictures', () => {
    const size = analysisSize(1920, 1080);
    const a = motionDecodeArgs({ input: { kind: 'pipe' }, size, keyframesOnly: true });
    expect(a).toEqual(
      expect.arrayContaining(['-threads', '1', '-skip_loop_filter', 'all', '-f', 'rawvideo']),
    );
    expect(a[a.indexOf('-vf') + 1]).toBe('crop=1920:1080:0:0,scale=160:90:flags=area,format=gray');
    // Only keyframes are decoded: the follower fed after each is skipped (decision 0211).
    expect(a[a.indexOf('-skip_frame') + 1]).toBe('nokey');
    expect(a[a.indexOf('-i') + 1]).toBe('pipe:0');
    expect(a[a.indexOf('-protocol_whitelist') + 1]).toBe('pipe');
    expect(a.at(-1)).toBe('pipe:1');
    const full = motionDecodeArgs({ input: { kind: 'pipe' }, size, keyframesOnly: false });
    expect(full).not.toContain('-skip_loop_filter');
    expect(full).not.toContain('-skip_frame');
  });

  it('pulls RTSP itself skipping every non-keyframe, refusing other protocols', () => {
    const size = analysisSize(1280, 720);
    const rtsp = (url: string) => ({ kind: 'rtsp' as const, url, timeoutMs: 5000 });
    const a = motionDecodeArgs({ input: rtsp('rtsp://cam/main'), size, keyframesOnly: true });
    expect(a).toEqual(
      expect.arrayContaining(['-skip_frame', 'nokey', '-rtsp_transport', 'tcp', '-timeout', '5000000']),
    );
    expect(() => motionDecodeArgs({ input: rtsp('file:/etc/passwd'), size, keyframesOnly: true })).toThrow(
      /rtsp/,
    );
  });
});

describe('analysis pictures', () => {
  it('averages whole blocks to about 160 pixels across', () => {
    expect(analysisSize(1920, 1080)).toEqual({ block: 12, width: 160, height: 90 });
    expect(analysisSize(1280, 720)).toEqual({ block: 8, width: 160, height: 90 });
    expect(analysisSize(704, 576)).toEqual({ block: 4, width: 176, height: 144 });
    expect(analysisFilter(analysisSize(2592, 1944))).toBe(
      'crop=2592:1936:0:0,scale=162:121:flags=area,format=gray',
    );
  });

  it('cuts the output into pictures, and skips the unwanted without copying', () => {
    const got: (number | null)[] = [];
    let want = true;
    const size = { block: 4, width: 4, height: 2 };
    const r = new FrameSplitter(
      size,
      (grey) => got.push(grey ? grey[0]! : null),
      () => want,
    );
    const pic = (v: number) => Buffer.alloc(8, v);
    const two = Buffer.concat([pic(10), pic(20)]);
    r.data(two.subarray(0, 3));
    r.data(two.subarray(3));
    want = false;
    r.data(pic(30));
    expect(got).toEqual([10, 20, null]);
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
      store: new LocalSegmentStore(root),
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
