import { type Simulator, startSimulator } from '@vigil/simulator';
import { expect, signInAs, test } from '../fixtures.ts';
import { InstallPage } from '../pages/install-page.ts';

/**
 * PTZ presets on the camera's settings (decision 0705), on a phone: a simulated PTZ camera keeps them over ONVIF;
 * one is saved where the camera points, the camera is sent home, "Go to" brings it back (the simulator says
 * where it points), and the preset is deleted.
 */
let sim: Simulator;
test.beforeAll(async () => {
  sim = await startSimulator({
    cameras: [{ ptz: { username: 'admin', password: 'admin' }, fps: 5 }],
    portRange: [20570, 20589],
  });
});
test.afterAll(async () => {
  await sim?.stop();
});

test('saves a preset, goes back to it and deletes it', async ({ page, accounts }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const cam = sim.cameras[0]!;
  const login = await signInAs(page, accounts.u, '/install');
  const install = new InstallPage(page);
  await install.onvifPort.fill(String(cam.onvif!.port));
  await install.add(cam.urls.main.replace('rtsp://', 'rtsp://admin:admin@'), 'Mast');
  await expect(install.added).toContainText('Mast was added', { timeout: 20_000 });
  await install.watch.click();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();

  // What the camera sends, as probed at install.
  await expect(page.locator('[data-route-id="cameraSettings"]')).toContainText(
    'The camera sends 1280 × 720 (16:9) at 5 frames a second, H264. It has no sub stream.',
  );
  const section = page.getByRole('region', { name: 'PTZ presets' });
  await expect(section.getByRole('list', { name: 'Presets' })).toContainText('No presets yet');
  const uidd = page.url().split('/').at(-2);
  const move = (action: string) =>
    page.request.get(`/sendcameratask?uid=${uidd}&action=${action}`, {
      headers: { authorization: `Bearer ${login.authToken}` },
    });
  expect((await move('ptz_home')).status()).toBe(200);
  await section.getByLabel('Preset name').fill('Gate');
  await section.getByRole('button', { name: 'Save where it points now' }).click();
  await expect(section.getByRole('list', { name: 'Presets' })).toContainText('Gate');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Moved away with the camera's own buttons' call, then brought back by the preset.
  expect((await move('ptz_right')).status()).toBe(200);
  expect(sim.ptzPosition(0).pan).toBeGreaterThan(0.1);
  await section.getByRole('button', { name: 'Go to Gate' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  expect(sim.ptzPosition(0)).toEqual({ pan: 0, tilt: 0, zoom: 0 });
  await section.getByRole('button', { name: 'Delete preset Gate' }).click();
  await expect(section.getByRole('list', { name: 'Presets' })).toContainText('No presets yet');
});
