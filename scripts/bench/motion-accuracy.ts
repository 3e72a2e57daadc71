/**
 * npm run bench -- motion-accuracy [--loops 3] [--sensitivity 5] [--resolution 720p] [--fps 15]
 *
 * Motion detection against the simulator's scripted scenes: a 60 s loop with three motion intervals (an object
 * crossing) and four changes that are not motion (lights switched on and off, a soft spotlight, heavy sensor
 * noise, exposure falling and rising). Two cameras (a keyframe every 1 s and every 2 s) and a third read through
 * its SD stream, all at the default sensitivity. Per event: recall (scripted intervals an event overlaps),
 * precision (events that overlap a scripted interval), start error (event start − scripted start), and how long
 * after the scripted start the alert left the recorder. Targets (issue 6): recall ≥ 0.95, precision ≥ 0.9,
 * start within 1 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Uidd } from '@vigil/contracts';
import { createTestDb } from '@vigil/db/testing';
import { InMemoryCameraSource, type MotionEventStarted, type MotionSink, Recorder } from '@vigil/recorder';
import { type SceneChange, startSimulator } from '@vigil/simulator';
import { sleep } from './lib/proc.ts';

const { values } = parseArgs({
  options: {
    loops: { type: 'string', default: '3' },
    sensitivity: { type: 'string', default: '5' },
    resolution: { type: 'string', default: '720p' },
    fps: { type: 'string', default: '15' },
  },
});
const LOOP_SEC = 60;
const MOTION: Array<[number, number]> = [
  [3, 10],
  [29, 35],
  [54, 58],
];
const SCENE: SceneChange[] = [
  { kind: 'lights', from: 13, to: 19 },
  { kind: 'spotlight', from: 21, to: 27 },
  { kind: 'noise', from: 37, to: 44 },
  { kind: 'dim', from: 45, to: 52 },
];
const loops = Number(values.loops);
const sensitivity = Number(values.sensitivity);
const resolution = values.resolution as '720p' | '1080p';
const fps = Number(values.fps);

const setups = [
  { name: 'gop1', gopSec: 1, sd: false },
  { name: 'gop2', gopSec: 2, sd: false },
  { name: 'gop2-sd', gopSec: 2, sd: true },
];
console.log(
  `motion-accuracy: ${setups.length} cameras ${resolution} ${fps} fps, sensitivity ${sensitivity}, ${loops} loops of ${LOOP_SEC} s`,
);
const sim = await startSimulator({
  cameras: setups.map((s) => ({
    resolution,
    fps,
    gopSec: s.gopSec,
    sd: s.sd,
    loopSec: LOOP_SEC,
    motion: MOTION,
    scene: SCENE,
  })),
  log: (l) => console.log(`  ${l}`),
});
const db = await createTestDb('sqlite');
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-motion-'));
interface Seen {
  started: MotionEventStarted;
  alertAt: number;
  endMs?: number;
}
const seen = new Map<string, Seen>();
let n = 0;
const sink: MotionSink = {
  async started(e) {
    const id = `e${++n}`;
    seen.set(id, { started: e, alertAt: Date.now() });
    return id;
  },
  async ended(id, e) {
    const s = seen.get(id);
    if (s) s.endMs = e.endMs;
  },
};
const uidd = (i: number) => `bench.${setups[i]!.name}` as Uidd;
const recorder = await Recorder.start({
  db: db.db,
  dataDir,
  source: new InMemoryCameraSource(
    sim.cameras.map((c, i) => ({
      uidd: uidd(i),
      streams: c.urls,
      retentionDays: 1,
      recording: 'continuous' as const,
      motion: { sensitivity, zones: [] },
    })),
  ),
  motionSink: sink,
  stillIntervalMs: 0,
  retentionIntervalMs: 0,
});
const from = Date.now();
await sleep((loops * LOOP_SEC + 5) * 1000);
const to = Date.now();
await recorder.stop();

// Judged: scripted intervals wholly inside [from + 10 s, to − 5 s] (the detector learns the scene first), and the
// events that overlap that window.
const lo = from + 10_000;
const hi = to - 5000;
const overlap = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) =>
  a.startMs < b.endMs && b.startMs < a.endMs;
const perCamera = setups.map((setup, i) => {
  const truth = sim.motionIntervals(i, from, to).filter((m) => m.startMs >= lo && m.endMs <= hi);
  const all = sim.motionIntervals(i, from - 60_000, to + 60_000);
  const events = [...seen.values()]
    .filter((e) => e.started.uidd === uidd(i))
    .map((e) => ({ startMs: e.started.startMs as number, endMs: e.endMs ?? to, alertAt: e.alertAt }))
    .filter((e) => overlap(e, { startMs: lo, endMs: hi }));
  const matched = truth.map((m) => ({ m, e: events.find((e) => overlap(e, m)) }));
  const hits = matched.filter((x) => x.e);
  const falsePositives = events.filter((e) => !all.some((m) => overlap(e, m)));
  const startErrors = hits.map((x) => x.e!.startMs - x.m.startMs);
  const alertDelays = hits.map((x) => x.e!.alertAt - x.m.startMs);
  return {
    camera: setup.name,
    scripted: truth.length,
    events: events.length,
    recall: truth.length ? hits.length / truth.length : 0,
    precision: events.length ? (events.length - falsePositives.length) / events.length : 0,
    falsePositives: falsePositives.length,
    startErrors,
    alertDelays,
  };
});
await sim.stop();
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });

const r2 = (x: number) => Math.round(x * 100) / 100;
const errors = perCamera.flatMap((c) => c.startErrors);
const delays = perCamera.flatMap((c) => c.alertDelays).sort((a, b) => a - b);
const scripted = perCamera.reduce((s, c) => s + c.scripted, 0);
const hits = perCamera.reduce((s, c) => s + c.startErrors.length, 0);
const events = perCamera.reduce((s, c) => s + c.events, 0);
const fps_ = perCamera.reduce((s, c) => s + c.falsePositives, 0);
for (const c of perCamera) {
  console.log(
    `  ${c.camera}: ${c.scripted} scripted, ${c.events} events, recall ${r2(c.recall)}, precision ${r2(c.precision)}, start errors ms [${c.startErrors.join(', ')}], alert after ${c.alertDelays.join(', ')} ms`,
  );
}
console.log(
  JSON.stringify({
    bench: 'motion-accuracy',
    resolution,
    fps,
    sensitivity,
    loops,
    cameras: perCamera.length,
    scripted,
    events,
    recall: r2(scripted ? hits / scripted : 0),
    precision: r2(events ? (events - fps_) / events : 0),
    falsePositives: fps_,
    lightingAndNoiseChanges: SCENE.length * loops * perCamera.length,
    startErrorMsMaxAbs: errors.length ? Math.max(...errors.map(Math.abs)) : null,
    startErrorMsMean: errors.length ? Math.round(errors.reduce((s, x) => s + x, 0) / errors.length) : null,
    startsWithin1s: r2(errors.length ? errors.filter((e) => Math.abs(e) <= 1000).length / errors.length : 0),
    alertAfterScriptedStartMsMedian: delays.length ? delays[Math.floor(delays.length / 2)] : null,
    alertAfterScriptedStartMsMax: delays.length ? delays.at(-1) : null,
    perCamera: perCamera.map((c) => ({ camera: c.camera, recall: r2(c.recall), precision: r2(c.precision) })),
  }),
);
process.exit(0);
