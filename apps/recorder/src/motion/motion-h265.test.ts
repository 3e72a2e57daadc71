import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Uidd } from '@vigil/contracts';
import { createTestDb, type TestDb } from '@vigil/db/testing';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCameraSource, type RecorderCamera } from '../camera-source.ts';
import { Recorder } from '../recorder.ts';
import type { MotionEventEnded, MotionEventStarted, MotionSink } from './sink.ts';

/** A sink that keeps what it is given. */
class CollectingSink implements MotionSink {
  readonly events: { started: MotionEventStarted; ended?: MotionEventEnded }[] = [];
  async started(e: MotionEventStarted): Promise<string> {
    this.events.push({ started: e });
    return String(this.events.length - 1);
  }
  async ended(id: string, e: MotionEventEnded): Promise<void> {
    const ev = this.events[Number(id)];
    if (ev) ev.ended = e;
  }
  of(uidd: string) {
    return this.events.filter((e) => e.started.uidd === uidd);
  }
}

const uidd = (name: string) => `owner.${name}` as Uidd;
/** Width × height of a JPEG, read back by ffprobe (an outside oracle). */
const dims = (jpeg: Buffer): string =>
  execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', '-i', 'pipe:0'],
    { input: jpeg },
  )
    .toString()
    .trim();
const overlaps = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) =>
  a.startMs < b.endMs && b.startMs < a.endMs;

/**
 * An H.265 camera (issue 13): its motion events, their start refinement and pictures, as an H.264 camera's
 * (motion.test.ts). 720p, 10 fps, a keyframe every 2 s, the box moving in two scripted intervals; one recorder
 * camera analyses main, one the SD substream (H.265 too) with pictures of main.
 */
describe('motion detection on a simulated H.265 camera', () => {
  let sim: Simulator;
  let db: TestDb;
  let recorder: Recorder;
  let dataDir: string;
  const sink = new CollectingSink();
  const warnings: string[] = [];
  let from = 0;
  let to = 0;

  beforeAll(async () => {
    sim = await startSimulator({
      cameras: [
        {
          codec: 'h265',
          fps: 10,
          gopSec: 2,
          sd: true,
          loopSec: 24,
          motion: [
            [6, 10],
            [16, 20],
          ],
        },
      ],
    });
    db = await createTestDb('sqlite');
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-motion-h265-'));
    const camera = (name: string, extra: Partial<RecorderCamera>): RecorderCamera => ({
      uidd: uidd(name),
      streams: { main: sim.cameras[0]!.urls.main },
      retentionDays: 30,
      recording: 'continuous',
      motion: { sensitivity: 5, zones: [] },
      ...extra,
    });
    const source = new InMemoryCameraSource([
      camera('main', {}),
      camera('sd', { streams: { main: sim.cameras[0]!.urls.main, sd: sim.cameras[0]!.urls.sd } }),
    ]);
    const log = (level: string) => (o: unknown, msg?: string) => {
      if (level !== 'debug' && level !== 'info') warnings.push(`${msg ?? ''} ${JSON.stringify(o)}`);
    };
    recorder = await Recorder.start({
      db: db.db,
      dataDir,
      source,
      motionSink: sink,
      segmentTargetMs: 2000,
      stillIntervalMs: 0,
      retentionIntervalMs: 0,
      log: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    });
    from = Date.now();
    // Until two whole motion intervals after the detectors' first pictures were seen and ended by both cameras (a
    // loop and a half at most, as before).
    const done = () => {
      const now = Date.now();
      const whole = sim
        .motionIntervals(0, from, now)
        .filter((i) => i.startMs >= from + 5000 && i.endMs <= now - 3000);
      const seen = (m: { startMs: number; endMs: number }) =>
        ['main', 'sd'].every((name) =>
          sink
            .of(uidd(name))
            .some((e) => e.ended && overlaps(m, { startMs: e.started.startMs, endMs: e.ended.endMs })),
        );
      return whole.length >= 2 && whole.every(seen);
    };
    for (const end = from + 36_000; Date.now() < end && !done(); )
      await new Promise((r) => setTimeout(r, 250));
    to = Date.now();
    await recorder.stop();
  }, 180_000);

  afterAll(async () => {
    await recorder?.stop();
    await sim?.stop();
    await db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const truth = () =>
    sim.motionIntervals(0, from, to).filter((i) => i.startMs >= from + 5000 && i.endMs <= to - 3000);

  it('finds every scripted motion on main, its start within 1 s, with a still and a thumbnail', () => {
    const events = sink.of(uidd('main'));
    const scripted = truth();
    expect(scripted.length).toBeGreaterThanOrEqual(2);
    for (const m of scripted) {
      const hit = events.find(
        (e) => e.ended && overlaps(m, { startMs: e.started.startMs, endMs: e.ended.endMs }),
      );
      expect(hit, `motion at ${new Date(m.startMs).toISOString()}`).toBeDefined();
      expect(Math.abs(hit!.started.startMs - m.startMs)).toBeLessThanOrEqual(1000);
      expect(dims(hit!.started.pictures!.still)).toBe('1280x720');
      expect(dims(hit!.started.pictures!.thumb)).toBe('320x180');
    }
  });

  it('analyses the H.265 SD stream with pictures of main', () => {
    const events = sink.of(uidd('sd'));
    for (const m of truth()) {
      const hit = events.find(
        (e) => e.ended && overlaps(m, { startMs: e.started.startMs, endMs: e.ended.endMs }),
      );
      expect(hit, `motion at ${new Date(m.startMs).toISOString()}`).toBeDefined();
      expect(Math.abs(hit!.started.startMs - m.startMs)).toBeLessThanOrEqual(1000);
      expect(dims(hit!.started.pictures!.still)).toBe('1280x720');
      expect(dims(hit!.started.pictures!.thumb)).toBe('320x180');
    }
  });

  it('without a decoder failing or timing out', () => {
    expect(warnings.filter((w) => /decoder|refinement|pictures failed/.test(w))).toEqual([]);
  });
});
