import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import { type Simulator, startSimulator, type WallInterval } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCameraSource, type RecorderCamera } from '../camera-source.ts';
import { Recorder } from '../recorder.ts';
import type { Segment } from '../storage/segments-repository.ts';
import type { MotionEventEnded, MotionEventStarted, MotionSink } from './sink.ts';

/** A sink that keeps what it is given. */
class CollectingSink implements MotionSink {
  readonly events = new Map<string, { started: MotionEventStarted; ended?: MotionEventEnded }>();
  private n = 0;
  async started(e: MotionEventStarted): Promise<string> {
    const id = `e${++this.n}`;
    this.events.set(id, { started: e });
    return id;
  }
  async ended(id: string, e: MotionEventEnded): Promise<void> {
    const ev = this.events.get(id);
    if (ev) ev.ended = e;
  }
  of(uidd: string) {
    return [...this.events.values()].filter((e) => e.started.uidd === uidd);
  }
}

const uidd = (name: string) => `owner.${name}` as Uidd;
/** A JPEG's width×height, from its frame header (SOF0). */
const jpegSize = (jpeg: Buffer): string => {
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  return `${jpeg.readUInt16BE(sof + 7)}x${jpeg.readUInt16BE(sof + 5)}`;
};
/** Record on motion's pre- and post-roll here: short enough that the quiet stretch between two events always
 * holds a whole 2 s segment, whatever the keyframes' phase against the motion (the window opens from the keyframe
 * before the one that saw it, up to 2 keyframe intervals early). */
const ROLL_MS = 1000;
const overlaps = (a: WallInterval, b: { startMs: number; endMs: number }) =>
  a.startMs < b.endMs && b.startMs < a.endMs;

/**
 * One simulated camera (720p, 10 fps, a keyframe every 2 s, scripted motion and a lighting change) read by several
 * recorder cameras with different settings: sensitivities 1, 5 and 10, a zone away from the motion, and record on
 * motion.
 */
describe('motion detection on a simulated camera', () => {
  let sim: Simulator;
  let db: TestDb;
  let recorder: Recorder;
  let dataDir: string;
  const sink = new CollectingSink();
  const segments: Segment[] = [];
  let from = 0;
  let to = 0;

  beforeAll(async () => {
    sim = await startSimulator({
      cameras: [
        {
          fps: 10,
          gopSec: 2,
          sd: true,
          // A long quiet stretch after the second motion (21–36 s), so record-on-motion has video to drop whatever
          // the recorder's start-up time.
          loopSec: 36,
          // After the detectors' first pictures (a keyframe every 2 s), so no motion meets an unlearnt scene.
          motion: [
            [6, 10],
            [17, 21],
          ],
          scene: [{ kind: 'lights', from: 12, to: 15 }],
        },
      ],
    });
    db = await createTestDb('sqlite');
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-motion-'));
    const camera = (name: string, extra: Partial<RecorderCamera>): RecorderCamera => ({
      uidd: uidd(name),
      streams: { main: sim.cameras[0]!.urls.main },
      retentionDays: 30,
      recording: 'continuous',
      ...extra,
    });
    const source = new InMemoryCameraSource([
      camera('s1', { motion: { sensitivity: 1, zones: [] } }),
      camera('s5', { motion: { sensitivity: 5, zones: [] } }),
      camera('s10', { motion: { sensitivity: 10, zones: [] } }),
      // The box moves in the middle band of the picture; this zone is the bottom strip.
      camera('zone', {
        motion: {
          sensitivity: 10,
          zones: [
            {
              points: [
                [0, 0.87],
                [1, 0.87],
                [1, 1],
                [0, 1],
              ],
            },
          ],
        },
      }),
      camera('rom', { recording: 'rom', motion: { sensitivity: 5, zones: [] } }),
      // Analysed on its SD stream (motionStream 'auto'), its pictures made from main's keyframes.
      camera('sd', {
        streams: { main: sim.cameras[0]!.urls.main, sd: sim.cameras[0]!.urls.sd },
        motion: { sensitivity: 5, zones: [] },
      }),
    ]);
    recorder = await Recorder.start({
      db: db.db,
      dataDir,
      source,
      motionSink: sink,
      segmentTargetMs: 2000,
      stillIntervalMs: 0,
      retentionIntervalMs: 0,
      romPreMs: ROLL_MS,
      romPostMs: ROLL_MS,
      romSettleMs: 4000,
    });
    recorder.on('segment', (s) => segments.push(s));
    from = Date.now();
    // Until what the tests look at is there (a loop and a half at most, as before): two scripted motions whole in
    // the run, each seen and ended by every camera that should see it, the lighting change between them, and
    // 12 s of the quiet stretch after them (a 2 s segment beyond every record-on-motion window, settled).
    const done = () => {
      const now = Date.now();
      const scripted = sim.motionIntervals(0, from, now).filter((i) => i.startMs >= from + 6000);
      const whole = scripted.filter((i) => i.endMs <= now - 3000);
      const seen = (m: WallInterval) =>
        ['s5', 'sd', 's10', 'rom'].every((name) =>
          sink
            .of(uidd(name))
            .some((e) => e.ended && overlaps(m, { startMs: e.started.startMs, endMs: e.ended.endMs })),
        );
      return whole.length >= 2 && whole.every(seen) && now >= whole[1]!.endMs + 12_000;
    };
    for (const end = from + 52_000; Date.now() < end && !done(); )
      await new Promise((r) => setTimeout(r, 250));
    await recorder.rom.prune();
    to = Date.now();
    await recorder.stop();
  }, 180_000);

  afterAll(async () => {
    await recorder?.stop();
    await sim?.stop();
    await db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Scripted motion intervals wholly inside the run, after the detectors had a few pictures to learn from. */
  const truth = () =>
    sim.motionIntervals(0, from, to).filter((i) => i.startMs >= from + 6000 && i.endMs <= to - 3000);

  it('at sensitivity 5 finds every scripted motion, starting within 1 s, and nothing else', () => {
    const events = sink.of(uidd('s5'));
    const scripted = truth();
    expect(scripted.length).toBeGreaterThanOrEqual(2);
    for (const m of scripted) {
      const hit = events.find(
        (e) => e.ended && overlaps(m, { startMs: e.started.startMs, endMs: e.ended.endMs }),
      );
      expect(hit, `motion at ${new Date(m.startMs).toISOString()}`).toBeDefined();
      expect(Math.abs(hit!.started.startMs - m.startMs)).toBeLessThanOrEqual(1000);
      expect(hit!.ended!.endMs - hit!.started.startMs).toBeGreaterThan(2000);
      expect(hit!.started.score).toBeGreaterThanOrEqual(1);
      expect(hit!.started.pictures?.thumb.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(hit!.started.pictures!.still.length).toBeGreaterThan(hit!.started.pictures!.thumb.length);
    }
    // Every event is scripted motion: the lighting changes did not count.
    const all = sim.motionIntervals(0, from, to);
    for (const e of events) {
      const span = { startMs: e.started.startMs, endMs: e.ended?.endMs ?? e.started.startMs + 1 };
      expect(all.some((m) => overlaps(m, { startMs: span.startMs - 500, endMs: span.endMs + 500 }))).toBe(
        true,
      );
    }
  });

  it('analyses the SD stream where there is one, with pictures of the main stream', () => {
    const events = sink.of(uidd('sd'));
    for (const m of truth()) {
      const hit = events.find(
        (e) => e.ended && overlaps(m, { startMs: e.started.startMs, endMs: e.ended.endMs }),
      );
      expect(hit, `motion at ${new Date(m.startMs).toISOString()}`).toBeDefined();
      expect(Math.abs(hit!.started.startMs - m.startMs)).toBeLessThanOrEqual(1000);
      expect(jpegSize(hit!.started.pictures!.still)).toBe(
        jpegSize(sink.of(uidd('s5'))[0]!.started.pictures!.still),
      );
      expect(jpegSize(hit!.started.pictures!.thumb)).toMatch(/^320x/);
    }
  });

  it('follows the sensitivity: 1 misses the small object, 10 sees it too', () => {
    expect(sink.of(uidd('s1')).map((e) => e.started.startMs - from)).toEqual([]);
    const s10 = sink.of(uidd('s10'));
    for (const m of truth())
      expect(
        s10.some((e) => e.ended && overlaps(m, { startMs: e.started.startMs, endMs: e.ended.endMs })),
      ).toBe(true);
  });

  it('ignores motion outside the detection zones', () => {
    expect(sink.of(uidd('zone'))).toEqual([]);
  });

  it('records on motion: keeps only the segments around events, flags the events rom', async () => {
    const events = sink.of(uidd('rom'));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((e) => e.started.rom)).toBe(true);
    const windows = events.map((e) => ({
      startMs: e.started.startMs - ROLL_MS,
      endMs: (e.ended?.endMs ?? to) + ROLL_MS,
    }));
    const kept = await recorder.segments.list(uidd('rom'), 'main', from as never, (to + 60_000) as never);
    const written = segments.filter((s) => s.uidd === uidd('rom'));
    expect(kept.length).toBeGreaterThan(0);
    // The quiet stretch of each loop (21–36 s) lies beyond every window: some segments went.
    expect(kept.length, JSON.stringify(windows.map((w) => [w.startMs - from, w.endMs - from]))).toBeLessThan(
      written.length,
    );
    // Segments that ended long enough before the run's end were decided: one touching an event's window (1 s of
    // pre- and post-roll) is kept, one not within a keyframe interval more of it is gone (the recorder opens the
    // window from the keyframe before the one that saw the motion).
    const near = (s: Segment, slack: number) =>
      events.some((e) =>
        overlaps(
          { startMs: s.startMs, endMs: s.endMs },
          { startMs: e.started.startMs - ROLL_MS - slack, endMs: (e.ended?.endMs ?? to) + ROLL_MS },
        ),
      );
    const rel = (x: { startMs: number; endMs: number }) => `${x.startMs - from}..${x.endMs - from}`;
    const context = `events ${events.map((e) => rel({ startMs: e.started.startMs, endMs: e.ended?.endMs ?? to })).join(' ')}`;
    for (const s of written.filter((x) => x.endMs < to - 8000)) {
      const isKept = kept.some((k) => k.id === s.id);
      if (near(s, 0)) expect(isKept, `segment ${rel(s)} kept; ${context}`).toBe(true);
      if (!near(s, 2000)) expect(isKept, `segment ${rel(s)} deleted; ${context}`).toBe(false);
      expect(existsSync(recorder.resolve(s.path)), `segment ${rel(s)} file`).toBe(isKept);
    }
    // Every event's start is on disk.
    for (const e of events)
      expect(
        kept.some((k) => k.startMs <= e.started.startMs && k.endMs > e.started.startMs),
        `start ${e.started.startMs - from} on disk; kept ${kept.map(rel).join(' ')}`,
      ).toBe(true);
    // A continuous camera kept everything.
    const continuous = await recorder.segments.list(
      uidd('s5'),
      'main',
      from as never,
      (to + 60_000) as never,
    );
    expect(continuous.length).toBe(segments.filter((s) => s.uidd === uidd('s5')).length);
  });
});
