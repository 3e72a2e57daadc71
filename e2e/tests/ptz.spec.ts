import { type Simulator, startSimulator } from '@vigil/simulator';
import { expect, signInAs, test } from '../fixtures.ts';
import { InstallPage } from '../pages/install-page.ts';
import { PtzPad } from '../pages/ptz-pad.ts';

/**
 * Pan, tilt and zoom end to end: a simulated PTZ camera (ONVIF with WS-Security, its picture a crop window that
 * follows its position), added on /install, moved from the camera page in Chromium; the simulator says where it
 * points. A camera without ONVIF shows no PTZ buttons.
 */
let sim: Simulator;

test.beforeAll(async () => {
  // Ports apart from the other suites' simulators and the demo camera's (playwright.config.ts).
  sim = await startSimulator({
    cameras: [{ ptz: { username: 'operator', password: 'e2e ptz' }, fps: 5 }, { fps: 5 }],
    portRange: [18850, 18869],
  });
});
test.afterAll(async () => {
  await sim?.stop();
});

const withCredentials = (url: string, user: string, password: string): string =>
  url.replace('rtsp://', `rtsp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@`);

test('a PTZ camera found at install moves when its buttons are pressed, on a phone-sized screen', async ({
  page,
  accounts,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const cam = sim.cameras[0]!;
  const onvif = cam.onvif!;
  await signInAs(page, accounts.u, '/install');
  const install = new InstallPage(page);
  await install.onvifPort.fill(String(onvif.port));
  await install.add(withCredentials(cam.urls.main, onvif.username, onvif.password), 'Turret');
  await expect(install.added).toContainText('Turret was added', { timeout: 20_000 });
  await install.watch.click();
  await expect(page.getByRole('heading', { name: 'Turret' })).toBeVisible();

  const pad = new PtzPad(page);
  await expect(pad.group).toBeVisible();
  // The pad fits the phone's width.
  const box = await pad.group.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  expect(sim.ptzPosition(0)).toEqual({ pan: 0, tilt: 0, zoom: 0 });
  // A step lasts at least 0.4 s (decision 0307): the pad says it is moving, and takes no second press meanwhile.
  await pad.button('Right').click();
  await expect(pad.moving).toHaveText('Moving the camera…');
  await expect(pad.button('Left')).toHaveAttribute('aria-disabled', 'true');
  await expect.poll(() => sim.ptzPosition(0).pan).toBeGreaterThan(0.1);
  await pad.idle();
  // Keyboard: focus the Up button and press Enter.
  await pad.button('Up').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => sim.ptzPosition(0).tilt).toBeGreaterThan(0.1);
  await pad.idle();
  await pad.button('Zoom in').click();
  await expect.poll(() => sim.ptzPosition(0).zoom).toBeGreaterThan(0.1);
  await pad.idle();
  await pad.button('Home').click();
  await expect.poll(() => sim.ptzPosition(0)).toEqual({ pan: 0, tilt: 0, zoom: 0 });
  await pad.idle();
  await expect(pad.error).toHaveCount(0);
});

test('a camera that refuses the password says so, translated', async ({ page, accounts }) => {
  test.setTimeout(90_000);
  const cam = sim.cameras[0]!;
  await signInAs(page, accounts.i, '/install');
  const install = new InstallPage(page);
  // ONVIF refuses this password, so PTZ is not found; the box says the camera has it all the same.
  await install.ptz.check();
  await install.onvifPort.fill(String(cam.onvif!.port));
  await install.add(withCredentials(cam.urls.main, cam.onvif!.username, 'wrong'), 'Locked turret');
  await expect(install.added).toContainText('Locked turret was added', { timeout: 20_000 });
  await install.watch.click();
  await expect(page.getByRole('heading', { name: 'Locked turret' })).toBeVisible();
  const pad = new PtzPad(page);
  const before = sim.ptzPosition(0);
  await pad.button('Left').click();
  await expect(pad.error).toHaveText('The camera refused its user name or password for pan, tilt and zoom.');
  expect(sim.ptzPosition(0)).toEqual(before);
});

test('a camera without PTZ shows no PTZ buttons', async ({ page, accounts }) => {
  test.setTimeout(90_000);
  await signInAs(page, accounts.u, '/install');
  const install = new InstallPage(page);
  await install.add(sim.cameras[1]!.urls.main, 'Fixed camera');
  await expect(install.added).toContainText('Fixed camera was added', { timeout: 20_000 });
  await install.watch.click();
  await expect(page.getByRole('heading', { name: 'Fixed camera' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete camera' })).toBeVisible();
  await expect(new PtzPad(page).group).toHaveCount(0);
});
