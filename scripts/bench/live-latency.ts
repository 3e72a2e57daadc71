/**
 * npm run bench -- live-latency [--samples 40] [--warmup 5] [--fps 15]
 *
 * Live glass-to-glass latency over WebSocket + MSE in Chromium: a simulated camera burns the wall clock into its
 * picture (bar code, scripts/simulator/clock.ts); the page, at each displayed frame (requestVideoFrameCallback,
 * its expected display time), copies the frame's bottom rows; here they are decoded and compared with the page's
 * clock at display. Both clocks are this machine's. Includes encoding in the camera, RTSP, ffmpeg, the recorder,
 * the WebSocket, MSE buffering and the browser's decode and display pipeline.
 */
import { parseArgs } from 'node:util';
import { decodeClockBar } from '../simulator/clock.ts';
import { percentile, round, startLiveRig } from './lib/live-rig.ts';
import { sleep } from './lib/proc.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    fps: { type: 'string', default: '15' },
  },
});
const wanted = Number(values.samples);
const fps = Number(values.fps);
console.log(`live-latency: ${wanted} frames, simulated clock camera 720p ${fps} fps, keyframe every 2 s`);
const rig = await startLiveRig({ resolution: '720p', fps, gopSec: 2, clock: true });
const latencies: number[] = [];
let undecoded = 0;
try {
  await rig.page.goto(`/cameras/${rig.uidd}`);
  await rig.page.waitForFunction(
    (uidd) => performance.getEntriesByName(`vigil:firstframe:${uidd}`).length > 0,
    rig.uidd,
    {
      timeout: 30_000,
    },
  );
  // Let the player settle at the live edge.
  await sleep(Number(values.warmup) * 1000);
  while (latencies.length < wanted) {
    const frame = await rig.page.evaluate(
      () =>
        new Promise<{ displayMs: number; width: number; height: number; gray: string }>((resolve) => {
          const video = document.querySelector<HTMLVideoElement>('[data-testid="live-video"]')!;
          video.requestVideoFrameCallback((_now, meta) => {
            const width = video.videoWidth;
            const height = video.videoHeight;
            const top = Math.floor(height * 0.6);
            const canvas = document.createElement('canvas');
            canvas.width = width;
            canvas.height = height - top;
            const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
            ctx.drawImage(video, 0, top, width, height - top, 0, 0, width, height - top);
            const rgba = ctx.getImageData(0, 0, width, height - top).data;
            const gray = new Uint8Array(width * (height - top));
            for (let i = 0; i < gray.length; i++) gray[i] = rgba[i * 4 + 1]!;
            let bin = '';
            for (let i = 0; i < gray.length; i += 8192)
              bin += String.fromCharCode(...gray.subarray(i, i + 8192));
            resolve({
              displayMs: performance.timeOrigin + meta.expectedDisplayTime,
              width,
              height: height - top,
              gray: btoa(bin),
            });
          });
        }),
    );
    const gray = new Uint8Array(Buffer.from(frame.gray, 'base64'));
    // decodeClockBar looks at the bottom 40 % of a frame: give it the rows with a blank top above them.
    const full = new Uint8Array(frame.width * frame.height * 2.5);
    full.set(gray, full.length - gray.length);
    const clock = decodeClockBar(full, frame.width, full.length / frame.width);
    if (clock === null) undecoded += 1;
    else latencies.push(frame.displayMs - clock);
    await sleep(150);
  }
} finally {
  await rig.stop();
}
const result = {
  bench: 'live-latency',
  transport: 'websocket-mse',
  fps,
  samples: latencies.length,
  undecoded,
  p50Ms: round(percentile(latencies, 50)),
  p90Ms: round(percentile(latencies, 90)),
  minMs: round(Math.min(...latencies)),
  maxMs: round(Math.max(...latencies)),
  targetP50Ms: 400,
};
console.log(
  `p50 ${result.p50Ms} ms, p90 ${result.p90Ms} ms over ${result.samples} frames (target p50 ≤ 400 ms)`,
);
console.log(JSON.stringify(result));
