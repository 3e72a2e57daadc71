import { expect, signInAs, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { NetworkPage } from '../pages/network-page.ts';

test('offline → connectivity screen counting down → retry → reload when the server answers', async ({
  page,
  accounts,
}) => {
  await page.clock.install();
  await signInAs(page, accounts.u, '/cameras');
  await expect(new AppShell(page).heading).toHaveText('Cameras');
  const net = new NetworkPage(page);

  await page.context().setOffline(true);
  await expect(net.heading).toBeVisible();
  await expect(net.status).toHaveText('Trying to reconnect you in 30s...');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.clock.fastForward(1_000);
  await expect(net.status).toHaveText('Trying to reconnect you in 29s...');

  // Still offline when the countdown ends: one try, then the countdown again.
  for (let s = 28; s >= 0; s -= 1) await page.clock.fastForward(1_000);
  await expect(net.status).toHaveText('Trying to reconnect you in 0s...');
  await page.clock.fastForward(1_000);
  await expect(net.status).toHaveText('Trying to reconnect you in 30s...');

  await page.context().setOffline(false);
  for (let s = 30; s >= 0; s -= 1) await page.clock.fastForward(1_000);
  const reloaded = page.waitForEvent('load');
  await page.clock.fastForward(1_000);
  await reloaded;
  await expect(new AppShell(page).heading).toHaveText('Cameras');
  await expect(net.heading).toHaveCount(0);
});
