import { type Simulator, startSimulator } from '@vigil/simulator';
import { expect, signInAs, spaGoto, test } from '../fixtures.ts';
import { CamerasPage } from '../pages/cameras-page.ts';
import { EventsPage } from '../pages/events-page.ts';
import { InstallPage } from '../pages/install-page.ts';
import { PlaybackPageObject } from '../pages/playback-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/**
 * Live view end to end: the real server (recorder in process), real simulated RTSP cameras, real ffmpeg, Chromium
 * playing fMP4 over WebSocket into Media Source Extensions.
 */
let sim: Simulator;

test.beforeAll(async () => {
  // Ports apart from the demo camera's (playwright.config.ts).
  sim = await startSimulator({ cameras: [{ fps: 10, gopSec: 2 }], portRange: [18800, 18839] });
});
test.afterAll(async () => {
  await sim?.stop();
});

test('a newcomer tries the demo and sees its camera live', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.tryDemo.click();
  await expect(page).toHaveURL(/\/demo\/cameras$/);
  const cameras = new CamerasPage(page);
  const tile = cameras.tiles.first();
  await expect(cameras.badge(tile)).toHaveText('Online', { timeout: 20_000 });
  await cameras.expectPlaying(cameras.video(tile));
});

test('a camera added on /install plays live, with its status badge', async ({ page, accounts }) => {
  test.setTimeout(120_000);
  // Recordings and events are opened first, so the app holds their camera list from before the install.
  const playback = new PlaybackPageObject(page);
  const events = new EventsPage(page);
  await signInAs(page, accounts.u, '/playback');
  await expect(playback.heading).toBeVisible({ timeout: 15_000 });
  await spaGoto(page, '/events');
  await expect(events.heading).toBeVisible();
  await spaGoto(page, '/install');
  const install = new InstallPage(page);
  await install.add(sim.cameras[0]!.urls.main, 'Front door');
  await expect(install.added).toContainText('Front door was added', { timeout: 20_000 });
  await install.watch.click();
  await expect(page.getByRole('heading', { name: 'Front door' })).toBeVisible();
  const cameras = new CamerasPage(page);
  await cameras.expectPlaying(cameras.video());
  await expect(cameras.badge()).toHaveText('Online');

  // Recordings and events list it at once, without a reload: one camera list, refreshed by the install (0106).
  await spaGoto(page, '/playback');
  await expect(playback.track('Front door')).toBeVisible();
  await spaGoto(page, '/events');
  await expect(page.getByTestId('event-filters').getByText('Front door')).toBeVisible();

  // The grid shows it too, live while on screen.
  await page.goto('/cameras');
  await expect(cameras.tile('Front door')).toBeVisible();
  await cameras.expectPlaying(cameras.video(cameras.tile('Front door')));

  // An outage shows in the badge, and live resumes by itself when the camera is back.
  const tile = cameras.tile('Front door');
  await sim.stopCamera(0);
  await expect(cameras.badge(tile)).toHaveText('Offline', { timeout: 30_000 });
  // And why: the recorder's connection is refused (decision 0308).
  await expect(tile.getByTestId('status-reason')).toHaveText('Camera unreachable', { timeout: 30_000 });
  await sim.startCamera(0);
  await expect(cameras.badge(tile)).toHaveText('Online', { timeout: 30_000 });
  await expect(tile.getByTestId('status-reason')).toHaveCount(0);
  await cameras.expectPlaying(cameras.video(tile));
});

test('bad camera addresses are refused with the right message', async ({ page, accounts }) => {
  await signInAs(page, accounts.u, '/install');
  const install = new InstallPage(page);
  const cases: Array<[string, RegExp]> = [
    ['file:///etc/passwd', /local files are not allowed/],
    ['concat:/a.mp4|/b.mp4', /concat: protocol is not allowed/],
    ['-i /etc/passwd', /not an option/],
    ['http://192.0.2.1/video', /http: protocol is not allowed/],
  ];
  for (const [url, message] of cases) {
    await install.url.fill(url);
    await expect(install.error).toHaveText(message);
  }
  // Refused before the server is asked; the server says the same (tests of the cameras API).
  await install.submit.click();
  await expect(install.added).toHaveCount(0);

  // A well-formed address nobody answers at: the server's probe category.
  await install.add('rtsp://127.0.0.1:18849/main', 'Nobody');
  await expect(install.serverError).toHaveAttribute('data-code', 'install_unreachable', { timeout: 20_000 });
  await expect(install.serverError).toContainText('The camera cannot be reached');
});
