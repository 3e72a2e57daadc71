import type { Browser } from '@playwright/test';
import { freshAccount } from '../accounts-data.ts';
import { type Account, expect, signInAs, test } from '../fixtures.ts';
import { AccountPage } from '../pages/account-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/** The same account signed in on a second device (its own browser context, its own login series). */
async function secondDevice(browser: Browser, a: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, a, '/account');
  const account = new AccountPage(page);
  await expect(account.heading).toBeVisible();
  return { context, page, account };
}

test('changing the password ends the other session: the other device is signed out on its next call', async ({
  page,
  browser,
}) => {
  const me = await freshAccount(page.request, 'pw');
  const other = await secondDevice(browser, me);
  await signInAs(page, me, '/account');
  const account = new AccountPage(page);
  await expect(account.sessions).toHaveCount(2);
  await expect(account.sessions.filter({ hasText: 'This device' })).toHaveCount(1);

  await account.changePassword(me.password, 'a brand new password');
  await expect(account.password.getByRole('status')).toHaveText(
    'Password changed. Your other sessions were ended.',
  );
  await expect(account.sessions).toHaveCount(1);

  // The other device's next call is refused: it lands on sign-in, and comes back to /account after.
  await other.account.preferences.getByLabel(/^Time zone/).selectOption('Europe/Paris');
  await expect(other.page).toHaveURL(/\/sign-in$/);
  const signIn = new SignInPage(other.page);
  await signIn.signIn(me.email, 'a brand new password');
  await expect(other.page).toHaveURL(/\/account$/);
  await other.context.close();
});

test('a session ended from the list is signed out on its next call', async ({ page, browser }) => {
  const me = await freshAccount(page.request, 'end');
  const other = await secondDevice(browser, me);
  await signInAs(page, me, '/account');
  const account = new AccountPage(page);
  await expect(account.sessions).toHaveCount(2);
  await account.endOtherSession();
  await expect(account.sessions).toHaveCount(1);
  await expect(account.sessions).toContainText('This device');

  await other.account.preferences.getByLabel(/^Language/).selectOption({ label: 'Français' });
  await expect(other.page).toHaveURL(/\/sign-in$/);
  await other.context.close();
});

test('changing the language to French applies at once and follows the account to its next sign-in', async ({
  page,
  browser,
}) => {
  const me = await freshAccount(page.request, 'lang');
  await signInAs(page, me, '/account');
  const account = new AccountPage(page);
  await expect(account.heading).toBeVisible();
  await account.preferences.getByLabel(/^Language/).selectOption({ label: 'Français' });
  await expect(page.getByRole('heading', { level: 1, name: 'Compte' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Langue enregistrée.' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // A new device whose browser speaks English: signing in brings the account's French.
  const context = await browser.newContext({ locale: 'en-US' });
  const fresh = await context.newPage();
  const signIn = new SignInPage(fresh);
  await signIn.open();
  await signIn.signIn(me.email, me.password);
  await expect(fresh.getByRole('heading', { level: 1, name: 'Caméras' })).toBeVisible();
  await context.close();
});

test('changing the e-mail asks for the password; the new address signs in', async ({ page }) => {
  const me = await freshAccount(page.request, 'mail');
  await signInAs(page, me, '/account');
  const account = new AccountPage(page);
  await account.changeEmail(`moved-${me.email}`, 'not the password');
  await expect(account.email.getByRole('alert')).toHaveText('The password is not right');
  await account.changeEmail(`moved-${me.email}`, me.password);
  await expect(account.email.getByRole('status')).toHaveText(`Done: you now sign in with moved-${me.email}.`);
  await expect(account.email).toContainText(`You sign in with moved-${me.email}.`);
  const res = await page.request.post('/login', {
    data: { email: `moved-${me.email}`, password: me.password },
  });
  expect(res.ok()).toBe(true);
});
