/**
 * npm run bench -- live-latency [--samples 40] [--warmup 5] [--fps 15] [--player mse|hls|hlsjs]
 *
 * Live glass-to-glass latency in Chromium, by player: `mse` (default) the web app over WebSocket + MSE; `hls` the
 * web app's HLS fallback (Media Source Extensions removed by an init script: Chromium's own HLS player on the
 * progressive playlist, decision 0460); `hlsjs` hls.js in low-latency mode on the LL-HLS playlist (the LL-HLS
 * client at hand, standing in for Safari's). A simulated camera burns the wall clock into its
 * picture (bar code, @vigil/simulator's clock.ts); the page, at each displayed frame (requestVideoFrameCallback,
 * its expected display time), copies the frame's bottom rows; here they are decoded and compared with the page's
 * clock at display. Both clocks are this machine's. Includes encoding in the camera, RTSP, ffmpeg, the recorder,
 * the WebSocket, MSE buffering and the browser's decode and display pipeline.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { sampleClockLatencies } from './lib/clock-latency.ts';
import { percentile, round, startLiveRig } from './lib/live-rig.ts';
import { sleep } from './lib/proc.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    fps: { type: 'string', default: '15' },
    player: { type: 'string', default: 'mse' },
  },
});
const wanted = Number(values.samples);
const fps = Number(values.fps);
const player = values.player as 'mse' | 'hls' | 'hlsjs';
if (!['mse', 'hls', 'hlsjs'].includes(player)) throw new Error('--player is mse, hls or hlsjs');
const TARGETS = { mse: 400, hls: 1500, hlsjs: 1500 };
const TRANSPORTS = { mse: 'websocket-mse', hls: 'hls-native-progressive', hlsjs: 'll-hls-hlsjs' };
console.log(
  `live-latency: ${wanted} frames, ${player}, simulated clock camera 720p ${fps} fps, keyframe every 2 s`,
);
// The HLS runs keep their simulator off the ports of the default run (other checkouts may run that one).
const rig = await startLiveRig(
  { resolution: '720p', fps, gopSec: 2, clock: true },
  player === 'mse' ? undefined : [19150, 19189],
);
const selector = player === 'hlsjs' ? '#hlsjs' : '[data-testid="live-video"]';
const latencies: number[] = [];
let undecoded = 0;
try {
  if (player === 'hls')
    await rig.page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.MediaSource;
      delete w.ManagedMediaSource;
    });
  rig.page.on('console', (m) => {
    if (m.text().startsWith('hls.js')) console.log(m.text());
  });
  if (player === 'hlsjs') await playWithHlsJs(rig.page, rig.uidd);
  else {
    await rig.page.goto(`/cameras/${rig.uidd}`);
    await rig.page.waitForFunction(
      (uidd) => performance.getEntriesByName(`vigil:firstframe:${uidd}`).length > 0,
      rig.uidd,
      { timeout: 30_000 },
    );
  }
  // Let the player settle at the live edge.
  await sleep(Number(values.warmup) * 1000);
  const sampled = await sampleClockLatencies(rig.page, selector, wanted);
  latencies.push(...sampled.latencies);
  undecoded = sampled.undecoded;
} finally {
  await rig.stop();
}
const target = TARGETS[player];
const result = {
  bench: 'live-latency',
  transport: TRANSPORTS[player],
  fps,
  samples: latencies.length,
  undecoded,
  p50Ms: round(percentile(latencies, 50)),
  p90Ms: round(percentile(latencies, 90)),
  minMs: round(Math.min(...latencies)),
  maxMs: round(Math.max(...latencies)),
  targetP50Ms: target,
};
console.log(
  `p50 ${result.p50Ms} ms, p90 ${result.p90Ms} ms over ${result.samples} frames (target p50 ≤ ${target} ms)`,
);
console.log(JSON.stringify(result));

/** A page of the app with hls.js (low-latency mode) playing the camera's LL-HLS playlist in `#hlsjs`. */
async function playWithHlsJs(page: Page, uidd: string): Promise<void> {
  await page.goto('/permission-levels');
  // A file of the app's origin, not an inline script: the app's Content-Security-Policy refuses those (0014).
  const hlsJs = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');
  await page.route('**/bench/hls.min.js', (route) =>
    route.fulfill({ path: hlsJs, contentType: 'text/javascript' }),
  );
  await page.addScriptTag({ url: '/bench/hls.min.js' });
  await page.evaluate(async (uidd) => {
    const token = JSON.parse(localStorage.getItem('login') ?? '{}').authToken as string;
    // What the app's own native player does: a live-playlist grant for the address (decision 0014).
    const { grant } = await fetch('/grants', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ uidd, purpose: 'live-playlist' }),
    }).then((r) => r.json() as Promise<{ grant: string }>);
    const v = document.createElement('video');
    v.id = 'hlsjs';
    v.muted = true;
    v.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;z-index:99;background:black';
    document.body.append(v);
    const Hls = (window as unknown as { Hls: typeof import('hls.js').default }).Hls;
    // Catching up by playing faster, as Safari does in low-latency mode.
    const hls = new Hls({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5 });
    hls.on(Hls.Events.ERROR, (_e, data) =>
      console.log(`hls.js ${data.fatal ? 'fatal ' : ''}error ${data.details}`),
    );
    hls.loadSource(`/live/${uidd}/main/index.m3u8?token=${encodeURIComponent(grant)}`);
    hls.attachMedia(v);
    void v.play().catch(() => {});
  }, uidd);
  await page.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>('#hlsjs')?.readyState ?? 0) >= 2,
    null,
    {
      timeout: 30_000,
    },
  );
}
