/**
 * npm run bench -- playback-start [--loads 8] [--seeks 20] [--rest 300] [--whole] [--web DIST]
 *
 * The real web app on the real server, in Chromium, with a camera that recorded a whole day (24 hours of 1080p
 * 25 fps in 4-second segments: 21 600 segments, one run every 10 minutes):
 * - start: on a freshly loaded /playback, a click on the timeline at a random instant of the day → the first
 *   frame of that instant presented (requestVideoFrameCallback), p50 over --loads page loads;
 * - seek: while playing, clicks at random instants of the day → the first frame there, p50 over --seeks clicks;
 * - aimed seek: the same, but the pointer first rests on the spot for --rest ms, as a hand's does before it presses
 *   (the timeline then asks for a preview, and the player fetches that fragment ahead: decision 0510);
 * - exact seek: the → key on the timeline (1 % of the day on, to the exact instant, so decoding from the keyframe
 *   before it), for comparison: a click means a pixel's worth of time (~1.5 minutes across a day) and may start on
 *   the keyframe that opens its segment (decision 0503).
 * - navigation → first picture (issue 21, target 500 ms p50): in the page, from the navigation's start (the
 *   performance time origin) to the first animation frame with the video's picture loaded (readyState ≥ 2), over
 *   --loads loads of /playback signed in, the day's playlist included;
 * - open (for information): the same seen from the bench (goto → readyState ≥ 2 polled), and its playlist's request.
 * --whole indexes the day as recorded before decision 0510 (no keyframes: whole segments in the playlist).
 * --baseline alternates the loads between the page as it is (the hour around the playhead first, the day's playlist
 *   behind it: decision 0766) and the page as before it (the day's playlist first: each playlist request is sent on
 *   to the day's address, which the page cannot tell from its own), and prints navigation → first picture for both.
 *   Both kinds go through the same request interception; seeks are measured on a load of the page as it is.
 * BENCH_TRACE=1 prints each seek's requests, appends, flushes and media events.
 * Targets (issue 5): start <= 250 ms, seek <= 100 ms (p50). The web app must be built (npm run build).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { mseTrace, traceSince } from './lib/mse-trace.ts';
import {
  GAP_MS,
  indexRun,
  median,
  percentile,
  RUN_MS,
  r1,
  tenMinuteRun,
  videoServer,
} from './lib/video-bench.ts';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '8' },
    seeks: { type: 'string', default: '20' },
    rest: { type: 'string', default: '300' },
    // Index the day without keyframes (as recorded before decision 0510): whole-segment playlist entries.
    whole: { type: 'boolean', default: false },
    // Another build of the web app (A/B runs of a web change on one server).
    web: { type: 'string' },
    // Before/after decision 0766 in one run: every other load plays the day's playlist first.
    baseline: { type: 'boolean', default: false },
  },
});
const DAY = 86_400_000;
const dist = values.web ?? join(import.meta.dirname, '../../apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) throw new Error('build the web app first: npm run build');

console.log('playback-start: click on the timeline → first frame, and seeks, within a 24-hour recording');
const run = await tenMinuteRun();
const server = await videoServer(dist);
const uidd = await server.camera('day');
const dayStart = Math.floor((Date.now() - DAY) / DAY) * DAY; // yesterday, 00:00 UTC
const { segments } = await indexRun(server.db.db, server.dataDir, uidd, run, dayStart, 144, values.whole);
console.log(`  ${segments} segments indexed for ${new Date(dayStart).toISOString().slice(0, 10)}`);
const login = (await (
  await fetch(`${server.base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@vigil.local', password: 'bench password 1' }),
  })
).json()) as object;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});

/** A random recorded instant of the day (away from the edges of the 10-minute runs). The last run goes on past
 * midnight, off the day's timeline: a click there would miss the timeline (and cause no seek). */
const randomInstant = (): number => {
  const slot = Math.floor(Math.random() * 144);
  const at = dayStart + slot * (RUN_MS + GAP_MS) + 5000 + Math.floor(Math.random() * 590_000);
  return at < dayStart + DAY - 5000 ? at : randomInstant();
};

/** Runs `act` (a click or a key press); resolves with the ms from that input to the first frame presented after
 * the seek it caused. */
async function toFrame(
  page: Page,
  input: 'pointerdown' | 'keydown',
  act: () => Promise<void>,
): Promise<number> {
  await page.evaluate((input) => {
    const w = window as unknown as { __t0: number; __frame: Promise<number> };
    const v = document.querySelector('video') as HTMLVideoElement;
    document.addEventListener(input, () => (w.__t0 = performance.now()), { capture: true, once: true });
    w.__frame = new Promise((resolve) => {
      let seeked = false;
      // An input that caused no seek (or one that never ended) is reported, not waited for forever.
      setTimeout(() => resolve(Number.NaN), 15_000);
      v.addEventListener('seeked', () => (seeked = true), { once: true });
      const onFrame = (now: number) => {
        if (seeked) resolve(now - w.__t0);
        else v.requestVideoFrameCallback(onFrame);
      };
      v.requestVideoFrameCallback(onFrame);
    });
  }, input);
  await act();
  const ms = await page.evaluate(() => (window as unknown as { __frame: Promise<number> }).__frame);
  if (Number.isNaN(ms)) {
    const state = await page.evaluate(() => {
      const v = document.querySelector('video') as HTMLVideoElement;
      const slider = document.querySelector('[role=slider][data-track]');
      return {
        currentTime: v.currentTime,
        seeking: v.seeking,
        paused: v.paused,
        readyState: v.readyState,
        playhead: slider?.getAttribute('aria-valuetext'),
        clock: document.querySelector('[data-testid=playback-clock]')?.textContent,
      };
    });
    console.log(`    no frame 15 s after the ${input}:`, JSON.stringify(state));
  }
  if (process.env.BENCH_TRACE) {
    const t0 = await page.evaluate(() => (window as unknown as { __t0: number }).__t0);
    const lines = await page.evaluate(traceSince, t0);
    console.log(`    ${Math.round(ms)} ms:\n${lines.map((l) => `      ${l}`).join('\n')}`);
  }
  return ms;
}

const track = (page: Page) => page.getByRole('slider', { name: 'Timeline of Bench day' });

/** A click on the day's timeline at `ms` (a pixel there is ~1.5 minutes: playback may start on that segment's
 * keyframe); with `restMs`, the pointer rests there that long before it presses. */
async function clickToFrame(page: Page, ms: number, restMs = 0): Promise<number> {
  const box = await track(page).boundingBox();
  if (!box) throw new Error('no timeline');
  const min = Number(await track(page).getAttribute('aria-valuemin'));
  const max = Number(await track(page).getAttribute('aria-valuemax'));
  const x = box.x + ((ms - min) / (max - min)) * box.width;
  const y = box.y + box.height / 2;
  if (restMs > 0) {
    await page.mouse.move(x, y);
    await page.waitForTimeout(restMs);
  }
  const result = await toFrame(page, 'pointerdown', () => page.mouse.click(x, y));
  if (Number.isNaN(result)) console.log(`    (a click at ${new Date(ms).toISOString()})`);
  return result;
}

/** The → key on the timeline (← in the afternoon, so the steps stay on the day): a step of 1 % of the day
 * (14.4 minutes), to the exact instant. */
async function keyToFrame(page: Page): Promise<number> {
  const now = Number(await track(page).getAttribute('aria-valuenow'));
  const key = now - dayStart < DAY / 2 ? 'ArrowRight' : 'ArrowLeft';
  return toFrame(page, 'keydown', () => track(page).press(key));
}

const starts: number[] = [];
const seeks: number[] = [];
const aimed: number[] = [];
const exact: number[] = [];
/** Page load → the day's picture shown (the app, the playlist, its first fragment), and the playlist's request. */
const opens: number[] = [];
/** In the page: navigation start → the first frame presented. */
const firstPictures: number[] = [];
const playlists: number[] = [];
let playlistKiB = 0;
/** --baseline: the loads that played the day's playlist first, as before decision 0766. */
const dayFirst = { firstPictures: [] as number[], playlists: [] as number[], kib: 0 };
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
/** This load is a baseline one: its playlist requests go to the day's address. */
let asBefore = false;
if (values.baseline) {
  const day = `${dayStart / 1000}/${Math.ceil((dayStart + DAY) / 1000)}`;
  await page.route('**/index.m3u8*', (route) => {
    const u = new URL(route.request().url());
    if (!asBefore) return route.continue();
    u.pathname = u.pathname.replace(/\/\d+\/\d+\/index\.m3u8$/, `/${day}/index.m3u8`);
    return route.continue({ url: u.href });
  });
}
// BENCH_TRACE=1: where each seek's time goes (requests, appends, flushes, the element's events).
if (process.env.BENCH_TRACE) await page.addInitScript(mseTrace);
// Navigation → first picture, timed in the page: its clock starts at the navigation (performance.timeOrigin); each
// animation frame looks for a video with its current frame loaded (readyState ≥ 2), so within a frame (~16 ms).
await page.addInitScript(() => {
  const w = window as unknown as { __firstPicture?: number };
  const tick = () => {
    if ([...document.querySelectorAll('video')].some((v) => v.readyState >= 2))
      w.__firstPicture = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
await page.goto(`${server.base}/permission-levels`);
await page.getByRole('heading', { name: 'Permission levels' }).waitFor();
const loads = Number(values.loads) * (values.baseline ? 2 : 1);
for (let i = 0; i < loads; i++) {
  const at = randomInstant();
  // Alternated, so both kinds see the same load; the first is the page as it is (its seeks are measured).
  asBefore = values.baseline && i % 2 === 1;
  await page.evaluate(
    ({ l, day, at }) => {
      localStorage.setItem('login', JSON.stringify(l));
      localStorage.setItem('lastTokenRefresh', String(Date.now()));
      localStorage.setItem('timezone', 'UTC');
      localStorage.setItem('playbackTime', String(at));
      localStorage.setItem('playbackRange', JSON.stringify({ fromMs: day, toMs: day + 86_400_000 }));
    },
    { l: login, day: dayStart, at },
  );
  const t0 = performance.now();
  await page.goto(`${server.base}/playback`);
  // Ready: the day's playlist is loaded and the picture where the playhead was left is shown.
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, null, {
    timeout: 30_000,
  });
  if (!asBefore) opens.push(performance.now() - t0);
  // BENCH_TRACE=1: the first load's requests, from the navigation (where the time to the first picture goes).
  if (process.env.BENCH_TRACE && i === 0)
    for (const line of await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (e) =>
          `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ms ${new URL(e.name).pathname.slice(0, 70)}`,
      ),
    ))
      console.log(`    ${line}`);
  (asBefore ? dayFirst.firstPictures : firstPictures).push(
    await page
      .waitForFunction(() => (window as unknown as { __firstPicture?: number }).__firstPicture, null, {
        timeout: 10_000,
      })
      .then((h) => h.jsonValue() as Promise<number>),
  );
  const m3u8 = await page.evaluate(() => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.includes('.m3u8')) as
      | PerformanceResourceTiming
      | undefined;
    return e && { ms: e.responseEnd - e.startTime, bytes: e.encodedBodySize };
  });
  if (m3u8 && asBefore) {
    dayFirst.playlists.push(m3u8.ms);
    dayFirst.kib = Math.round(m3u8.bytes / 1024);
  } else if (m3u8) {
    playlists.push(m3u8.ms);
    playlistKiB = Math.round(m3u8.bytes / 1024);
  }
  if (asBefore) continue;
  starts.push(await clickToFrame(page, randomInstant()));
  // The day's playlist, loaded behind the first (0766), is written by the server before the next load starts:
  // else its half second of server work falls into that load.
  await page
    .waitForFunction(
      (day) => performance.getEntriesByType('resource').some((r) => r.name.includes(`/${day}/index.m3u8`)),
      `${dayStart / 1000}/${Math.ceil((dayStart + DAY) / 1000)}`,
      { timeout: 10_000 },
    )
    .catch(() => console.log('    (the day playlist was not asked for within 10 s)'));
  if (i === 0) {
    // Alternated, so both kinds see the same load.
    for (let s = 0; s < Number(values.seeks); s++) {
      seeks.push(await clickToFrame(page, randomInstant()));
      aimed.push(await clickToFrame(page, randomInstant(), Number(values.rest)));
    }
    for (let s = 0; s < Number(values.seeks) / 2; s++) exact.push(await keyToFrame(page));
  }
}
await browser.close();
await server.close();

const stuck = [...starts, ...seeks, ...aimed, ...exact].filter(Number.isNaN).length;
for (const xs of [starts, seeks, aimed, exact])
  xs.splice(0, xs.length, ...xs.filter((x) => !Number.isNaN(x)));
const result = {
  stuck,
  bench: 'playback-start',
  segments,
  hours: 24,
  start: { p50: r1(median(starts)), p90: r1(percentile(starts, 90)), n: starts.length, targetMs: 250 },
  seek: { p50: r1(median(seeks)), p90: r1(percentile(seeks, 90)), n: seeks.length, targetMs: 100 },
  aimedSeek: {
    p50: r1(median(aimed)),
    p90: r1(percentile(aimed, 90)),
    n: aimed.length,
    restMs: Number(values.rest),
  },
  exactSeek: { p50: r1(median(exact)), p90: r1(percentile(exact, 90)), n: exact.length },
  firstPicture: {
    p50: r1(median(firstPictures)),
    p90: r1(percentile(firstPictures, 90)),
    n: firstPictures.length,
    targetMs: 500,
  },
  open: { p50: r1(median(opens)), n: opens.length },
  playlist: { p50: r1(median(playlists)), kib: playlistKiB },
  ...(values.baseline && {
    baseline: {
      firstPicture: {
        p50: r1(median(dayFirst.firstPictures)),
        p90: r1(percentile(dayFirst.firstPictures, 90)),
        n: dayFirst.firstPictures.length,
      },
      playlist: { p50: r1(median(dayFirst.playlists)), kib: dayFirst.kib },
    },
  }),
};
console.log(
  `  start (click → first frame): p50 ${result.start.p50} ms, p90 ${result.start.p90} ms (${starts.length})`,
);
console.log(`  seek within the day: p50 ${result.seek.p50} ms, p90 ${result.seek.p90} ms (${seeks.length})`);
console.log(
  `  seek after the pointer rested ${values.rest} ms: p50 ${result.aimedSeek.p50} ms, p90 ${result.aimedSeek.p90} ms (${aimed.length})`,
);
console.log(
  `  seek to an exact instant (keyboard): p50 ${result.exactSeek.p50} ms, p90 ${result.exactSeek.p90} ms (${exact.length})`,
);
console.log(
  `  navigation → first picture (in the page): p50 ${result.firstPicture.p50} ms, p90 ${result.firstPicture.p90} ms (${firstPictures.length})`,
);
console.log(
  `  page load → first picture (from the bench): p50 ${result.open.p50} ms; its playlist (${playlistKiB} KiB): p50 ${result.playlist.p50} ms`,
);
if (result.baseline)
  console.log(
    `  before (the day's playlist first): navigation → first picture p50 ${result.baseline.firstPicture.p50} ms, p90 ${result.baseline.firstPicture.p90} ms (${dayFirst.firstPictures.length}); its playlist (${dayFirst.kib} KiB): p50 ${result.baseline.playlist.p50} ms`,
  );
if (stuck) console.log(`  ${stuck} inputs showed no new frame within 15 s (left out above)`);
console.log(JSON.stringify(result));
