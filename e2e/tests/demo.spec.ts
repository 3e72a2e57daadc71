import { expect, signInAs, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

test('the demo: loading, then cameras with the notice, Exit instead of log out', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.tryDemo.click();
  await expect(page).toHaveURL(/\/demo\/cameras$/);
  const shell = new AppShell(page);
  await expect(shell.heading).toHaveText('Cameras');
  await expect(shell.demoNotice).toHaveText(/Demo account.*You cannot change settings/);
  // Only demo-flagged routes are in its navigation; links stay inside /demo.
  await expect(shell.sidebar.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/demo/events');
  await expect(shell.sidebar.getByRole('link', { name: 'Account' })).toHaveCount(0);
  await expect(shell.sidebar.getByRole('button', { name: 'Log out' })).toHaveCount(0);

  // Exit goes to sign-in here (localhost-like host, no return link configured).
  await shell.logOut('Exit');
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('login'))).toBeNull();
});

test('the demo serves only its routes: any other path shows the fallback page', async ({ page }) => {
  await page.goto('/demo/account');
  await expect(page.getByRole('heading', { name: 'Not part of the demo' })).toBeVisible();
  await page.goto('/demo/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not part of the demo' })).toBeVisible();
  // Paths inside a section of the app that the demo does not serve: the fallback too, not an empty page.
  for (const path of [
    '/demo/manage-plan/additional-users',
    '/demo/manage-plan',
    '/demo/manage-plan/no-such-tab',
    '/demo/support/users',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not part of the demo' }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the cameras' }), path).toHaveAttribute(
      'href',
      '/demo/cameras',
    );
  }
  await page.goto('/demo');
  await expect(page).toHaveURL(/\/demo\/cameras$/);
});

test('form submits in the demo open the restricted modal instead', async ({ page }) => {
  await page.goto('/demo/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const submitted = await page.evaluate(() => {
    const form = document.createElement('form');
    let sent = false;
    form.addEventListener('submit', () => {
      sent = true;
    });
    form.innerHTML = '<button type="submit">Save</button>';
    document.querySelector('#content')!.append(form);
    form.requestSubmit();
    return sent;
  });
  // The form's own submit handler never ran: the demo shell took the submit.
  expect(submitted).toBe(false);
  const dialog = page.getByRole('dialog', { name: 'Not available in the demo' });
  await expect(dialog).toContainText('This action is restricted in the demo account');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the demo banner can be closed, and stays closed', async ({ page }) => {
  await page.goto('/demo/cameras');
  const banner = page.getByRole('region', { name: /You are exploring the demo/ });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Close the banner' }).click();
  await expect(banner).toHaveCount(0);
  expect(Number(await page.evaluate(() => localStorage.getItem('bannerClosed')))).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cameras' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a network failure opening the demo shows the error page, and trying again works', async ({ page }) => {
  await page.route('**/login/demo*', (route) => route.abort('internetdisconnected'));
  await page.goto('/demo/cameras');
  await expect(page.getByRole('alert')).toContainText('The demo could not be opened');
  await page.unroute('**/login/demo*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Cameras' })).toBeVisible();
});

test('a session without the demo record is sent to sign-in (and on by the redirect order)', async ({
  page,
  accounts,
}) => {
  await signInAs(page, accounts.u, '/demo/cameras');
  await expect(page).toHaveURL(/\/cameras$/);
  await expect(new AppShell(page).demoNotice).toHaveCount(0);
});
