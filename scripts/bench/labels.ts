/**
 * npm run bench -- labels [--rounds 20]
 *
 * Recognition labels (decision 0555): the recogniser as the server runs it (a worker thread, the CenterNet model
 * on TF.js's WebAssembly backend, ffmpeg decoding the still) on 1280×720 event stills, half with a person, half
 * an empty scene. Figures: model load, the first picture (cold), per picture p50/p90 of the whole job, of
 * inference and of the JPEG decode, CPU per picture (process and its ffmpeg children), memory, the main thread's
 * event-loop delay meanwhile (the point of the worker), and the thread's nice value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Recogniser } from '@vigil/recorder';
import { emptyPicture, personPicture } from '@vigil/recorder/testing';
import { CLK_TCK, procTimes } from './lib/proc.ts';
import { median, percentile, r1 } from './lib/video-bench.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
const mb = (bytes: number): number => r1(bytes / 2 ** 20);

console.log('labels: object detection on event stills');
const pictures = { person: await personPicture(), empty: await emptyPicture() };
const rssBefore = process.memoryUsage().rss;
const recogniser = new Recogniser();

let t = performance.now();
const first = await recogniser.recognise(pictures.person)!;
const coldMs = performance.now() - t;
const loadMs = first.loadMs ?? Number.NaN;
const rssLoaded = process.memoryUsage().rss;
console.log(
  `  model load ${r1(loadMs)} ms; first picture ${r1(coldMs)} ms in all; labels ${JSON.stringify(first.labels)}`,
);

/** Nice values of this process's threads other than the main one (the recogniser's runs at 19). */
function threadNices(): number[] {
  const out: number[] = [];
  for (const tid of readdirSync('/proc/self/task')) {
    if (Number(tid) === process.pid) continue;
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    out.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return out;
}
const maxNice = Math.max(...threadNices());

const loop = monitorEventLoopDelay({ resolution: 10 });
const cpu0 = procTimes(process.pid)!;
const wall: number[] = [];
const infer: number[] = [];
const decode: number[] = [];
let correct = 0;
loop.enable();
for (let i = 0; i < rounds; i++) {
  const kind = i % 2 === 0 ? 'person' : 'empty';
  t = performance.now();
  const r = await recogniser.recognise(pictures[kind])!;
  wall.push(performance.now() - t);
  infer.push(r.inferMs);
  decode.push(r.decodeMs);
  const hasPerson = r.labels.some((l) => l.label === 'person');
  if (hasPerson === (kind === 'person')) correct++;
}
loop.disable();
const cpu1 = procTimes(process.pid)!;
const cpuMsPerPicture = (((cpu1.self - cpu0.self + cpu1.reaped - cpu0.reaped) / CLK_TCK) * 1000) / rounds;
const cpuShare = ((cpuMsPerPicture * rounds) / wall.reduce((a, b) => a + b, 0)) * 100;
await recogniser.close();

const figures = {
  bench: 'labels',
  model: 'MB3-CenterNet COCO 512x512 (tfjs-backend-wasm)',
  picture: '1280x720 JPEG',
  rounds,
  loadMs: r1(loadMs),
  firstPictureMs: r1(coldMs),
  pictureMs: { p50: r1(median(wall)), p90: r1(percentile(wall, 90)) },
  inferMs: { p50: r1(median(infer)), p90: r1(percentile(infer, 90)) },
  decodeMs: { p50: r1(median(decode)), p90: r1(percentile(decode, 90)) },
  cpuMsPerPicture: r1(cpuMsPerPicture),
  cpuPercentOfOneCoreWhileBusy: r1(cpuShare),
  rssMb: { before: mb(rssBefore), afterLoad: mb(rssLoaded), peak: mb(process.resourceUsage().maxRSS * 1024) },
  eventLoopDelayMs: { p99: r1(loop.percentile(99) / 1e6), max: r1(loop.max / 1e6) },
  threadNice: maxNice,
  correct: `${correct}/${rounds}`,
};
console.log(`  per picture: p50 ${figures.pictureMs.p50} ms, p90 ${figures.pictureMs.p90} ms`);
console.log(`  inference: p50 ${figures.inferMs.p50} ms, p90 ${figures.inferMs.p90} ms`);
console.log(`  JPEG decode (ffmpeg): p50 ${figures.decodeMs.p50} ms, p90 ${figures.decodeMs.p90} ms`);
console.log(
  `  CPU ${figures.cpuMsPerPicture} ms per picture (${figures.cpuPercentOfOneCoreWhileBusy} % of a core while busy)`,
);
console.log(
  `  RSS ${figures.rssMb.before} MB before, ${figures.rssMb.afterLoad} MB loaded, ${figures.rssMb.peak} MB peak`,
);
console.log(
  `  main thread's event-loop delay meanwhile: p99 ${figures.eventLoopDelayMs.p99} ms, max ${figures.eventLoopDelayMs.max} ms`,
);
console.log(`  recogniser thread nice ${maxNice}; right answers ${figures.correct}`);
console.log(JSON.stringify(figures));
