import { randomBytes } from 'node:crypto';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { apiLogin, expect, register, signInAs, test } from '../fixtures.ts';
import { CamerasPage } from '../pages/cameras-page.ts';

/**
 * Support's account page, the health screen's fleet and alerts, and the free partner demo (decision 0721), on the
 * real server with a simulated camera.
 */
let sim: Simulator;
test.beforeAll(async () => {
  // Ports of their own, apart from the demo camera's and the other suites' (playwright.config.ts).
  sim = await startSimulator({ cameras: [{ fps: 10, gopSec: 2 }], portRange: [20850, 20859] });
});
test.afterAll(async () => {
  await sim?.stop();
});

test('an installer watches the free partner demo live', async ({ page, accounts }) => {
  await signInAs(page, accounts.i, '/manage');
  const demo = page.getByRole('region', { name: 'Free partner demo' });
  await expect(demo).toContainText('One demo camera to show your customers, live.');
  await demo.getByRole('link', { name: 'Watch the demo cameras' }).click();
  await expect(page).toHaveURL(/\/cameras$/);
  const cameras = new CamerasPage(page);
  // The demo's first camera by name: the worker's installer may also see its customers' cameras of other files,
  // whose simulators have stopped.
  const tile = cameras.tile('Entrance');
  await expect(cameras.badge(tile)).toHaveText('Online', { timeout: 20_000 });
  await cameras.expectPlaying(cameras.video(tile));
});

test('support reads an account: sessions (ends one), error reports, and checks a camera again', async ({
  page,
  accounts,
}) => {
  test.setTimeout(90_000);
  // The customer, an account of this test's own (the worker's shared end user signs in in every file): signed in
  // twice (a second device), a camera, and one error report from the browser.
  const tag = randomBytes(4).toString('hex');
  const customer = { email: `support-page-${tag}@e2e.example`, password: `support page ${tag}` };
  await register(page.request, { ...customer, subscriberType: 'enduser' });
  const login = await apiLogin(page.request, customer);
  await apiLogin(page.request, customer);
  const auth = { authorization: `Bearer ${login.authToken}` };
  const added = await page.request.post('/cameras', {
    headers: auth,
    data: { url: sim.cameras[0]!.urls.main, name: 'Stock room' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const report = await page.request.post(`/web-errors/${login.uid}/slack`, {
    headers: auth,
    data: {
      identifier: 'cameras',
      href: 'https://vigil.test/cameras',
      message: 'Player stalled on Stock room',
    },
  });
  expect(report.status()).toBe(202);

  await signInAs(page, accounts.s, `/support/${login.uid}`);
  await expect(page.getByRole('heading', { level: 2, name: customer.email })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await sessions
    .first()
    .getByRole('button', { name: /^End the session on / })
    .click();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Error reports' })).toContainText(
    'Player stalled on Stock room',
  );

  await page.getByRole('button', { name: 'Check Stock room again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stock room answers' })).toHaveText(
    'Stock room answers: h264, 1280×720, 10 frames per second.',
    { timeout: 20_000 },
  );

  // The customer reads both in their account's activity.
  await signInAs(page, customer, '/account');
  const activity = page.getByRole('list', { name: 'Recent activity on your account' });
  await expect(activity).toContainText('Support: End a session');
  await expect(activity).toContainText('Support: Check a camera again');
});

test('support reads the fleet and the alerts on the health screen', async ({ page, accounts }) => {
  await signInAs(page, accounts.s, '/health');
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  const alerts = page.getByRole('list', { name: 'Alerts' }).getByRole('listitem');
  // Disk, recorder heartbeats, error reports, database, and the message bus (decisions 0721, 0712).
  await expect(alerts).toHaveCount(5);
  await expect(alerts.filter({ hasText: 'Database down' })).toContainText('OK');
  await expect(alerts.filter({ hasText: 'Message bus (NATS)' })).toContainText('OK');
  await expect(page.getByRole('heading', { name: /^this server/ })).toBeVisible();
  // The object-storage tier (decision 0857): this one-process server keeps recordings on its disk.
  await expect(page.getByRole('region', { name: 'Object storage' })).toContainText(
    'Not configured: recordings stay on the recorders’ disks.',
  );
  // Recording cameras are counted, not listed (decision 0747): the demo's cameras at least.
  const onServer = page.getByRole('region', { name: 'Recorder this server' });
  await expect(onServer.getByTestId('recorder-counts')).toHaveText(
    /^[1-9]\d* recording · \d+ behind · \d+ offline$/,
    {
      timeout: 30_000,
    },
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 } });
  test('the health screen and an account page fit the screen', async ({ page, accounts }) => {
    await signInAs(page, accounts.s, '/health');
    await expect(page.getByRole('list', { name: 'Alerts' })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const login = await apiLogin(page.request, accounts.u);
    await page.goto(`/support/${login.uid}`);
    await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
