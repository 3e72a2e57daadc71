import { type Simulator, startSimulator } from '@vigil/simulator';
import { expect, signInAs, test } from '../fixtures.ts';
import { CamerasPage } from '../pages/cameras-page.ts';
import { InstallPage } from '../pages/install-page.ts';

/**
 * An H.265 camera live in Debian's Chromium, which has no H.265 in Media Source Extensions (decision 0461): the
 * page plays the server's H.264 conversion and says so, instead of "this browser cannot play".
 */
let sim: Simulator;

test.beforeAll(async () => {
  // The H.265 loop is encoded once per machine (then cached): up to a couple of minutes on a busy one.
  test.setTimeout(180_000);
  // Ports apart from the other suites' cameras (playwright.config.ts, live.spec.ts).
  sim = await startSimulator({ cameras: [{ codec: 'h265', fps: 10, gopSec: 2 }], portRange: [18950, 18979] });
});
test.afterAll(async () => {
  await sim?.stop();
});

test('an H.265 camera plays live as H.264 in a browser without H.265, with a badge saying so', async ({
  page,
  accounts,
}) => {
  test.setTimeout(180_000);
  // The browser under test really cannot play the camera's own video.
  await page.goto('/');
  const hevc = 'video/mp4; codecs="hev1.1.6.L93.90"';
  expect(await page.evaluate((m) => MediaSource.isTypeSupported(m), hevc)).toBe(false);

  await signInAs(page, accounts.u, '/install');
  const install = new InstallPage(page);
  await install.add(sim.cameras[0]!.urls.main, 'Yard');
  await expect(install.added).toContainText('Yard was added', { timeout: 20_000 });
  await install.watch.click();
  await expect(page.getByRole('heading', { name: 'Yard' })).toBeVisible();
  const cameras = new CamerasPage(page);
  await cameras.expectPlaying(cameras.video());
  await expect(cameras.convertedBadge()).toHaveText('Converted to H.264 for this browser');
  await expect(page.getByText('This browser cannot play this camera’s video')).toHaveCount(0);
  // The conversion's size: the 1280×720 camera at 640 wide.
  expect(await cameras.video().evaluate((v: HTMLVideoElement) => `${v.videoWidth}x${v.videoHeight}`)).toBe(
    '640x360',
  );
});
