import { expect, signInAs, spaGoto, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('in the mobile app: bottom tabs with More, the app header, no sidebar', async ({ page, accounts }) => {
  await signInAs(page, accounts.u, '/cameras?app=true');
  const shell = new AppShell(page);
  await expect(shell.heading).toHaveText('Cameras');
  await expect(shell.sidebar).toHaveCount(0);
  await expect(shell.bottomTabs).toBeVisible();
  await expect(shell.bottomTabs.getByRole('link')).toHaveText(['Cameras', 'Events', 'Playback', 'Vehicles']);
  await expect(shell.mobileHeader).toHaveText(/Cameras/);
  expect((await shell.mobileHeader.boundingBox())?.height).toBe(60);

  await shell.moreTab.click();
  await expect(shell.moreSheet).toBeVisible();
  await expect(shell.moreSheet.getByRole('link', { name: 'Account' })).toBeVisible();
  // Cloud adapters and backup are not app routes.
  await expect(shell.moreSheet.getByRole('link', { name: 'Cloud adapters' })).toHaveCount(0);
  await expect(shell.moreSheet.getByRole('button', { name: 'Log out' })).toBeVisible();
  await shell.moreSheet.getByRole('link', { name: 'Dashboard' }).click();
  await expect(shell.heading).toHaveText('Dashboard');
  await expect(shell.mobileHeader).toHaveText(/Dashboard/);
  await expect(shell.moreSheet).toHaveCount(0);

  // Back goes where the user came from.
  await shell.mobileHeader.getByRole('button', { name: 'Back' }).click();
  await expect(shell.heading).toHaveText('Cameras');
});

test('in the mobile app only app-flagged routes exist, and the flag survives navigation', async ({
  page,
  accounts,
}) => {
  await signInAs(page, accounts.u, '/account?app=true');
  await expect(new AppShell(page).heading).toHaveText('Account');
  await spaGoto(page, '/cloud-adapters');
  await expect(new AppShell(page).notFound).toBeVisible();
  await page.goto('/backup');
  await expect(new AppShell(page).notFound).toBeVisible();
});

test('in the mobile app the site header and footer are hidden', async ({ page }) => {
  await page.goto('/permission-levels?app=true');
  await expect(page.getByRole('heading', { name: 'Permission levels' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('terms and privacy from the More sheet open in a new window with app=true', async ({
  page,
  accounts,
}) => {
  await signInAs(page, accounts.u, '/cameras?app=true');
  const shell = new AppShell(page);
  await shell.moreTab.click();
  const terms = page.locator('#more-sheet').getByRole('link', { name: /^Terms/ });
  await expect(terms).toHaveAttribute('href', '/terms?app=true');
  await expect(terms).toHaveAttribute('target', '_blank');
  const popup = page.waitForEvent('popup');
  await terms.click();
  const opened = await popup;
  await expect(opened).toHaveURL(/\/terms\?app=true$/);
});

test('on a phone outside the app the sidebar sits above the content', async ({ page, accounts }) => {
  await signInAs(page, accounts.u, '/cameras');
  const shell = new AppShell(page);
  await expect(shell.heading).toHaveText('Cameras');
  const bar = await shell.sidebar.boundingBox();
  const heading = await shell.heading.boundingBox();
  expect(bar!.width).toBe(390);
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(heading!.y);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width).toBe(88);
});

test('the change-icon and reset-icon entries follow the session flag, checked every second', async ({
  page,
  accounts,
}) => {
  await page.clock.install();
  await signInAs(page, accounts.u, '/cameras?app=true');
  const shell = new AppShell(page);
  await shell.moreTab.click();
  await expect(shell.moreSheet.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(shell.moreSheet.getByRole('link', { name: 'Change icon' })).toHaveCount(0);
  await page.evaluate(() => sessionStorage.setItem('changeIcon', '1'));
  await page.clock.fastForward(1_000);
  await expect(shell.moreSheet.getByRole('link', { name: 'Change icon' })).toBeVisible();
  await page.evaluate(() => sessionStorage.setItem('changeIcon', '2'));
  await page.clock.fastForward(1_000);
  await expect(shell.moreSheet.getByRole('link', { name: 'Reset icon' })).toBeVisible();
  await expect(shell.moreSheet.getByRole('link', { name: 'Change icon' })).toHaveCount(0);
});
