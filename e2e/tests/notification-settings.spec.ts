import { freshAccount, insertCameras } from '../accounts-data.ts';
import { expect, signInAs, test } from '../fixtures.ts';

/**
 * My notifications on a camera's settings (decisions 0707, 0713), on a phone: a change is saved at once and kept;
 * push first subscribes this browser, and where the browser refuses (headless Chromium denies notifications, and
 * no push service is reachable here) the box stays off with the browser's reason.
 */
// The push box registers the app's service worker, which the suite's config blocks elsewhere (decision 0861).
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

test('turns analytics and e-mail off, kept over a reload; push needs the browser’s permission', async ({
  page,
}) => {
  const owner = await freshAccount(page.request, 'notify');
  const [cam] = insertCameras(owner.uid, ['Shed']);
  await signInAs(page, owner, `/cameras/${cam}/settings`);
  const section = page.getByRole('region', { name: 'My notifications' });
  const push = section.getByRole('checkbox', { name: 'By notification on this device' });
  const email = section.getByRole('checkbox', { name: 'By e-mail' });
  const analytics = section.getByRole('checkbox', { name: 'Analytics find something' });
  await expect(push).not.toBeChecked();
  await expect(analytics).toBeChecked();
  // How often each kind is told (decisions 0710, 0850).
  await expect(
    section.getByText(
      'Analytics and alert rules are told at most once of each kind every 10 minutes per camera; the camera going offline or coming back, once it has lasted 2 minutes.',
    ),
  ).toBeVisible();
  await push.check();
  await expect(section.getByRole('alert')).toHaveText(
    "Notifications are blocked for this site in the browser's settings.",
  );
  await expect(push).not.toBeChecked();
  await email.uncheck();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await analytics.uncheck();
  await expect(analytics).not.toBeChecked();
  await page.reload();
  await expect(analytics).not.toBeChecked();
  await expect(email).not.toBeChecked();
  await expect(push).not.toBeChecked();

  // The service worker the push box registers is served and runs in Chromium.
  const active = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js');
    return (await navigator.serviceWorker.ready).active?.scriptURL;
  });
  expect(new URL(active ?? '').pathname).toBe('/sw.js');
});
