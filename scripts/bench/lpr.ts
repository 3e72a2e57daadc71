/**
 * npm run bench -- lpr [--plates 40] [--pictures 1]
 *
 * Licence plates (decision 0790): the plate recogniser as the server runs it (its own worker thread, ffmpeg
 * decoding each JPEG, PaddleOCR's models on onnxruntime-web) on pictures of vehicles drawn by the simulator's
 * plate scenes: four plate formats (GB, FR, ES, US-like), two fonts, white and yellow plates, plate heights 14 to
 * 48 px, tilts up to ±10°, light from dusk to bright. Each "event" is `--pictures` pictures of one vehicle. The
 * vehicle's box is handed in (the drawn body is no car to the object detector), so the object detector's time is
 * not in these figures (the labels bench measures it: ~0.2–0.3 s a picture).
 * A second pass sends events of 6 pictures with no vehicle given, so the detector runs on each: its CPU a picture,
 * and the CPU of an event as the server analyses it (6 pictures through the detector, one plate read).
 * Figures: exact-string accuracy for plates ≥ 20 px high (the target is ≥ 90 %) and below; time and CPU per event
 * (this process and its ffmpeg children, i.e. one core's share), memory, the main thread's event-loop delay.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { normalisePlate } from '@vigil/contracts';
import { PlateRecogniser } from '@vigil/recorder';
import { bodyBox, type PlateScene, plateSceneArgs } from '@vigil/simulator';
import { CLK_TCK, procTimes } from './lib/proc.ts';
import { median, percentile, r1 } from './lib/video-bench.ts';

const { values } = parseArgs({
  options: { plates: { type: 'string', default: '40' }, pictures: { type: 'string', default: '1' } },
});
const count = Number(values.plates);
const perEvent = Number(values.pictures);
const mb = (bytes: number): number => r1(bytes / 2 ** 20);
/** The server samples this many keyframes of an ended event (LPR_PICTURES_PER_EVENT, decision 0791). */
const PICTURES_PER_EVENT = 6;

/** A small deterministic generator (mulberry32): the same plates every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const L = 'ABCDEFGHJKLMNPRSTUVWXYZ'.split('');
const C = 'BCDFGHJKLMNPRSTVWXYZ'.split('');
const D = '0123456789'.split('');
const gen = (shape: string) =>
  shape
    .split('')
    .map((c) => (c === 'L' ? pick(L) : c === 'C' ? pick(C) : c === 'D' ? pick(D) : c))
    .join('');
const FORMATS = ['LLDD LLL', 'LL-DDD-LL', 'DDDD CCC', 'DLLLDDD'];
const HEIGHTS = [14, 17, 20, 24, 28, 34, 40, 48];
const BODIES = ['0x9c1c1c', '0x1c3c9c', '0xe8e8e8', '0x202020', '0xa8aaae', '0x1c7c2c'];

const dir = mkdtempSync(join(tmpdir(), 'vigil-lpr-bench-'));
const scenes = Array.from({ length: count }, (_, i) => {
  const scene: PlateScene = {
    text: gen(FORMATS[i % FORMATS.length]!),
    plateHeight: HEIGHTS[i % HEIGHTS.length]!,
    angle: Math.round((rand() * 20 - 10) * 10) / 10,
    light: Math.round((rand() * 0.4 - 0.3) * 100) / 100,
    plateColour: rand() < 0.5 ? 'white' : 'yellow',
    bodyColour: pick(BODIES),
    font: rand() < 0.5 ? 'narrow' : 'dejavu',
    width: 640,
    height: 360,
  };
  const file = join(dir, `${i}.jpg`);
  execFileSync('ffmpeg', [...plateSceneArgs(scene, file).slice(0, -1), '-q:v', '4', file]);
  return { scene, jpeg: readFileSync(file) };
});
rmSync(dir, { recursive: true, force: true });
console.log(`lpr: ${count} plates drawn, ${perEvent} picture(s) an event`);

const recogniser = new PlateRecogniser();
const rssBefore = process.memoryUsage().rss;
const body = (s: PlateScene) => {
  const b = bodyBox(s);
  return [
    {
      label: 'car',
      confidence: 1,
      box: { x1: b.x - 10, y1: b.y - 10, x2: b.x + b.w + 10, y2: b.y + b.h + 10 },
    },
  ];
};
let t = performance.now();
const first = await recogniser.read([scenes[0]!.jpeg], body(scenes[0]!.scene))!;
const coldMs = performance.now() - t;
const rssLoaded = process.memoryUsage().rss;

const loop = monitorEventLoopDelay({ resolution: 10 });
const cpu0 = procTimes(process.pid)!;
const wall: number[] = [];
const tally = { big: { right: 0, all: 0 }, small: { right: 0, all: 0 } };
const wrong: string[] = [];
loop.enable();
for (const { scene, jpeg } of scenes) {
  t = performance.now();
  const r = await recogniser.read(
    Array.from({ length: perEvent }, () => jpeg),
    body(scene),
  )!;
  wall.push(performance.now() - t);
  const expected = normalisePlate(scene.text);
  const got = r.pictures[0]?.reads[0]?.plate ?? '';
  const bucket = scene.plateHeight >= 20 ? tally.big : tally.small;
  bucket.all++;
  if (got === expected) bucket.right++;
  else
    wrong.push(
      `${scene.plateHeight}px ${scene.angle}° ${scene.font}: ${expected} read ${got || '(nothing)'}`,
    );
}
loop.disable();
const cpu1 = procTimes(process.pid)!;
const cpuMsPerEvent = (((cpu1.self - cpu0.self + cpu1.reaped - cpu0.reaped) / CLK_TCK) * 1000) / count;
// The object detector's share: events of LPR_PICTURES_PER_EVENT pictures through the whole path (decode, detector;
// the drawn vehicles are no cars to it, so no plate reading follows): CPU per picture.
const detectorEvents = Math.min(5, count);
const cpu2 = procTimes(process.pid)!;
for (let i = 0; i < detectorEvents; i++)
  await recogniser.read(Array.from({ length: PICTURES_PER_EVENT }, () => scenes[i]!.jpeg))!;
const cpu3 = procTimes(process.pid)!;
const detectorCpuMsPerPicture =
  (((cpu3.self - cpu2.self + cpu3.reaped - cpu2.reaped) / CLK_TCK) * 1000) /
  (detectorEvents * PICTURES_PER_EVENT);
await recogniser.close();

const pct = (b: { right: number; all: number }) => (b.all ? r1((b.right / b.all) * 100) : null);
const figures = {
  bench: 'lpr',
  models: 'PP-OCRv4 det + rec (onnxruntime-web wasm, 1 thread)',
  picture: '640x360 JPEG',
  plates: count,
  picturesPerEvent: perEvent,
  accuracyPercent: { atLeast20px: pct(tally.big), under20px: pct(tally.small) },
  right: {
    atLeast20px: `${tally.big.right}/${tally.big.all}`,
    under20px: `${tally.small.right}/${tally.small.all}`,
  },
  loadMs: r1(first.loadMs ?? Number.NaN),
  firstEventMs: r1(coldMs),
  eventMs: { p50: r1(median(wall)), p90: r1(percentile(wall, 90)) },
  cpuMsPerEvent: r1(cpuMsPerEvent),
  detectorCpuMsPerPicture: r1(detectorCpuMsPerPicture),
  /** An ended event as the server analyses it: 6 pictures through decode and detector, one vehicle's plate read. */
  cpuMsPerAnalysedEvent: r1(PICTURES_PER_EVENT * detectorCpuMsPerPicture + cpuMsPerEvent),
  analysedEventsPerMinuteOneCore: r1(60_000 / (PICTURES_PER_EVENT * detectorCpuMsPerPicture + cpuMsPerEvent)),
  rssMb: { before: mb(rssBefore), afterLoad: mb(rssLoaded), peak: mb(process.resourceUsage().maxRSS * 1024) },
  eventLoopDelayMs: { p99: r1(loop.percentile(99) / 1e6), max: r1(loop.max / 1e6) },
};
for (const w of wrong) console.log(`  wrong: ${w}`);
console.log(
  `  accuracy ≥ 20 px: ${figures.right.atLeast20px} (${figures.accuracyPercent.atLeast20px} %); < 20 px: ${figures.right.under20px}`,
);
console.log(`  models load ${figures.loadMs} ms; first event ${figures.firstEventMs} ms in all`);
console.log(
  `  per event: p50 ${figures.eventMs.p50} ms, p90 ${figures.eventMs.p90} ms; CPU ${figures.cpuMsPerEvent} ms`,
);
console.log(
  `  RSS ${figures.rssMb.before} MB before, ${figures.rssMb.afterLoad} MB loaded, ${figures.rssMb.peak} MB peak`,
);
console.log(
  `  main thread's event-loop delay: p99 ${figures.eventLoopDelayMs.p99} ms, max ${figures.eventLoopDelayMs.max} ms`,
);
console.log(JSON.stringify(figures));
