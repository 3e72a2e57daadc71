/**
 * npm run bench -- live-ttff [--runs 12] [--gop 4]
 *
 * Live time to first frame in Chromium: from the web app sending livecommand to the first frame on screen
 * (requestVideoFrameCallback), on the single-camera page, for a simulated camera with a 4 s keyframe interval.
 * Each run reloads the page at a random moment of the keyframe interval. The page marks both instants
 * (performance marks `vigil:livecommand:<uidd>` and `vigil:firstframe:<uidd>`, features/cameras/live/use-live.ts).
 */
import { parseArgs } from 'node:util';
import { percentile, round, startLiveRig } from './lib/live-rig.ts';
import { liveTrace, liveTraceLines } from './lib/live-trace.ts';
import { sleep } from './lib/proc.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '12' }, gop: { type: 'string', default: '4' } },
});
const runs = Number(values.runs);
const gopSec = Number(values.gop);
console.log(`live-ttff: ${runs} runs, simulated camera 720p 10 fps, keyframe every ${gopSec} s`);
const rig = await startLiveRig({ resolution: '720p', fps: 10, gopSec });
const samples: number[] = [];
// BENCH_TRACE=1: where each run's time goes (livecommand, the WebSocket's messages, appends, the element's events).
if (process.env.BENCH_TRACE) await rig.page.addInitScript(liveTrace);
try {
  for (let i = 0; i < runs; i++) {
    await sleep(Math.random() * gopSec * 1000);
    await rig.page.goto(`/cameras/${rig.uidd}`);
    const ms = await rig.page.waitForFunction(
      (uidd) => {
        const sent = performance.getEntriesByName(`vigil:livecommand:${uidd}`)[0];
        const shown = performance.getEntriesByName(`vigil:firstframe:${uidd}`)[0];
        return sent && shown ? shown.startTime - sent.startTime : false;
      },
      rig.uidd,
      { timeout: 20_000 },
    );
    const v = (await ms.jsonValue()) as number;
    samples.push(v);
    console.log(`  run ${i + 1}: ${round(v)} ms`);
    if (process.env.BENCH_TRACE) {
      await sleep(300);
      const lines = await rig.page.evaluate(liveTraceLines, rig.uidd);
      console.log(lines.map((l) => `      ${l}`).join('\n'));
    }
  }
} finally {
  await rig.stop();
}
const result = {
  bench: 'live-ttff',
  runs: samples.length,
  gopSec,
  p50Ms: round(percentile(samples, 50)),
  p90Ms: round(percentile(samples, 90)),
  minMs: round(Math.min(...samples)),
  maxMs: round(Math.max(...samples)),
  targetP50Ms: 500,
};
console.log(`p50 ${result.p50Ms} ms, p90 ${result.p90Ms} ms (target p50 ≤ 500 ms)`);
console.log(JSON.stringify(result));
