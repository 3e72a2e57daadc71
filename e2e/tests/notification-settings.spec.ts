import { freshAccount, insertCameras } from '../accounts-data.ts';
import { expect, signInAs, test } from '../fixtures.ts';

/** My notifications on a camera's settings (decision 0707), on a phone: a change is saved at once and kept. */
test.use({ viewport: { width: 390, height: 844 } });

test('turns notifications by push on and analytics off, kept over a reload', async ({ page }) => {
  const owner = await freshAccount(page.request, 'notify');
  const [cam] = insertCameras(owner.uid, ['Shed']);
  await signInAs(page, owner, `/cameras/${cam}/settings`);
  const section = page.getByRole('region', { name: 'My notifications' });
  const push = section.getByRole('checkbox', { name: 'By notification on this device' });
  const analytics = section.getByRole('checkbox', { name: 'Analytics find something' });
  await expect(push).not.toBeChecked();
  await expect(analytics).toBeChecked();
  await push.check();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await analytics.uncheck();
  await expect(analytics).not.toBeChecked();
  await page.reload();
  await expect(push).toBeChecked();
  await expect(analytics).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'By e-mail' })).toBeChecked();
});
