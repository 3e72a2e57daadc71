import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { CamerasPage } from '../pages/cameras-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/**
 * The live HLS fallback (decision 0460) end to end: the real server and its demo camera, Chromium without Media
 * Source Extensions (an init script removes them), so the live player falls back to the browser's own HLS player
 * on the progressive playlist. And the low-latency playlist in hls.js, the LL-HLS client at hand (Safari, whose
 * native player it is made for, does not run here).
 */
const require = createRequire(import.meta.url);

async function tryDemo(page: Page): Promise<CamerasPage> {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.tryDemo.click();
  await expect(page).toHaveURL(/\/demo\/cameras$/);
  const cameras = new CamerasPage(page);
  await expect(cameras.badge(cameras.tiles.first())).toHaveText('Online', { timeout: 20_000 });
  return cameras;
}

/** The video presents `n` more frames (requestVideoFrameCallback: pictures on screen, not just a moving clock). */
async function expectFrames(page: Page, selector: string, n: number): Promise<void> {
  await page.evaluate((sel) => {
    const v = document.querySelector<HTMLVideoElement>(sel);
    if (!v) throw new Error(`no ${sel}`);
    v.dataset.frames = '0';
    const count = () => {
      v.dataset.frames = String(Number(v.dataset.frames) + 1);
      v.requestVideoFrameCallback(count);
    };
    v.requestVideoFrameCallback(count);
  }, selector);
  await expect
    .poll(
      () =>
        page
          .locator(selector)
          .first()
          .evaluate((v: HTMLVideoElement) => Number(v.dataset.frames)),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(n);
}

test('without Media Source Extensions, live plays over the browser’s own HLS player', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.MediaSource;
    delete w.ManagedMediaSource;
  });
  const cameras = await tryDemo(page);
  expect(await page.evaluate(() => 'MediaSource' in window)).toBe(false);
  const video = cameras.video(cameras.tiles.first());
  // A live-playlist grant in the address, never the auth token (decision 0014).
  await expect(video).toHaveAttribute('src', /\/live\/[^/]+\/main\/index\.m3u8\?progressive=1&token=mg_/);
  await cameras.expectPlaying(video);
  await expectFrames(page, '[data-testid="live-video"]', 20);
});

test('hls.js plays the low-latency playlist in low-latency mode', async ({ page }) => {
  test.setTimeout(60_000);
  const cameras = await tryDemo(page);
  const uidd = await cameras.video(cameras.tiles.first()).getAttribute('data-uidd');
  // Served as a file of the app's origin: the app's Content-Security-Policy refuses inline script (decision 0014).
  await page.route('**/e2e/hls.min.js', (route) =>
    route.fulfill({ path: require.resolve('hls.js/dist/hls.min.js'), contentType: 'text/javascript' }),
  );
  await page.addScriptTag({ url: '/e2e/hls.min.js' });
  const details = await page.evaluate(async (uidd) => {
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
    document.body.append(v);
    const Hls = (window as unknown as { Hls: typeof import('hls.js').default }).Hls;
    const hls = new Hls({ lowLatencyMode: true });
    (window as unknown as { hls: unknown }).hls = hls;
    hls.loadSource(`/live/${uidd}/main/index.m3u8?token=${encodeURIComponent(grant)}`);
    hls.attachMedia(v);
    void v.play().catch(() => {});
    return new Promise<{ live: boolean; partTarget: number; canBlockReload: boolean }>((resolve) =>
      hls.on(Hls.Events.LEVEL_LOADED, (_e, data) =>
        resolve({
          live: data.details.live,
          partTarget: data.details.partTarget,
          canBlockReload: data.details.canBlockReload,
        }),
      ),
    );
  }, uidd);
  expect(details).toEqual({ live: true, partTarget: 0.334, canBlockReload: true });
  const cams = new CamerasPage(page);
  await cams.expectPlaying(page.locator('#hlsjs'));
  await expectFrames(page, '#hlsjs', 20);
});
