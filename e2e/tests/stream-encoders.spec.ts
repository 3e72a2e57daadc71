import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { freshAccount } from '../accounts-data.ts';
import { seriousViolations } from '../axe.ts';
import { expect, signInAs, test } from '../fixtures.ts';

/**
 * The camera's video streams on its settings screen (decisions 0714, 0852), on a phone: a simulated ONVIF camera
 * with a sub stream; a frame rate beyond its range is named at the field, then the sub stream's resolution is set
 * to 320 × 180 and the camera's own RTSP sub stream, read by ffprobe here, sends exactly that.
 */
const exec = promisify(execFile);
let sim: Simulator;
test.beforeAll(async () => {
  sim = await startSimulator({
    cameras: [{ onvif: { username: 'admin', password: 'secret' }, sd: true, fps: 10, gopSec: 1 }],
    portRange: [22170, 22189],
  });
});
test.afterAll(async () => {
  await sim?.stop();
});

/** ffprobe's width and height of the first video stream at an RTSP address. */
async function sizeOf(url: string): Promise<string> {
  const args =
    '-v error -rtsp_transport tcp -select_streams v:0 -show_entries stream=width,height -of csv=p=0';
  const { stdout } = await exec('ffprobe', [...args.split(' '), url]);
  return stdout.trim();
}

test('the sub stream’s resolution is set on the camera from the settings screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const cam = sim.cameras[0]!;
  const owner = await freshAccount(page.request, 'encoders');
  const login = await signInAs(page, owner, '/settings');
  const withCreds = (u: string) => u.replace('rtsp://', 'rtsp://admin:secret@');
  const res = await page.request.post('/cameras', {
    headers: { authorization: `Bearer ${login.authToken}` },
    data: {
      url: withCreds(cam.urls.main),
      sdUrl: withCreds(cam.urls.sd!),
      onvifPort: cam.onvif!.port,
      name: 'Drive',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { uidd } = (await res.json()) as { uidd: string };
  expect(await sizeOf(cam.urls.sd!)).toBe('640,360');

  await page.goto(`/cameras/${uidd}/settings`);
  const section = page.getByRole('region', { name: 'Video streams' });
  await expect(section).toContainText('Saving restarts this stream on the camera');
  const sub = section.getByRole('group', { name: 'Sub stream' });
  await expect(sub).toContainText('Codec: H264');
  const resolution = sub.getByLabel('Resolution');
  await expect(resolution).toHaveValue('640x360');
  expect(await seriousViolations(page)).toEqual([]);

  // Outside the camera's range: named at the field, nothing sent.
  await sub.getByLabel('Frame rate (frames a second)').fill('60');
  await sub.getByRole('button', { name: 'Save the sub stream' }).click();
  await expect(sub.getByText('Enter a number from 1 to 30.')).toBeVisible();
  await sub.getByLabel('Frame rate (frames a second)').fill('10');

  // With the keyboard: the resolution chosen, then saved.
  await resolution.selectOption({ label: '320 × 180' });
  await sub.getByRole('button', { name: 'Save the sub stream' }).focus();
  await page.keyboard.press('Enter');
  await expect(sub.getByRole('status')).toHaveText('Saved.', { timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The camera itself, asked by this test: its RTSP sub stream is now 320x180; the main stream did not change.
  await sim.encoderSettled(0);
  await expect.poll(() => sizeOf(cam.urls.sd!), { timeout: 20_000 }).toBe('320,180');
  expect(await sizeOf(cam.urls.main)).toBe('1280,720');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Sub stream' }).getByLabel('Resolution')).toHaveValue(
    '320x180',
  );
});
