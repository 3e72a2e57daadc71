import type { Browser } from '@playwright/test';
import { freshAccount } from '../accounts-data.ts';
import { type Account, apiLogin, expect, outboxSubjects, signInAs, test } from '../fixtures.ts';
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

test('a session ended because its stolen token was replayed is shown apart, with a warning (issue 14)', async ({
  page,
}) => {
  const me = await freshAccount(page.request, 'replay');
  const stolen = await apiLogin(page.request, me);
  // Someone presents a token this series never issued: the server ends the series for the owner's security.
  const replay = await page.request.post('/login/refresh', {
    data: { ...stolen.webLogin, loginToken: 'a-token-this-series-never-issued-000000000' },
  });
  expect(replay.status()).toBe(401);

  await signInAs(page, me, '/account');
  const account = new AccountPage(page);
  await expect(account.sessions).toHaveCount(1);
  const warning = page.getByRole('alert').filter({ hasText: 'Sessions ended for your security' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('listitem')).toHaveCount(1);
  await expect(warning).toContainText('an old copy of its sign-in token was used elsewhere');
  await expect
    .poll(() => outboxSubjects(me.email))
    .toContain('A session of your account was ended for your security');
});
