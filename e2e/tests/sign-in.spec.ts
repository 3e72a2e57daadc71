import { E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from '../env.ts';
import { expect, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

test('a wrong password shows the server error below the form; the right one goes on by the redirect order', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(E2E_SUPPORT_EMAIL, 'not the password');
  await expect(signIn.error).toHaveText('Incorrect e-mail or password');
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn.signIn(E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD);
  // Support may use the partner portal: it comes before cameras in the redirect order.
  await expect(page).toHaveURL(/\/manage$/);
  await expect(new AppShell(page).heading).toHaveText('Partner portal');

  // A reload runs the session check and keeps the session.
  await page.reload();
  await expect(new AppShell(page).heading).toHaveText('Partner portal');
});

test('empty fields are flagged at the fields, and required fields carry an asterisk', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.submit.click();
  await expect(page.getByText('Enter your e-mail address')).toBeVisible();
  await expect(signIn.email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('label', { hasText: 'E-mail' })).toContainText('*');
});

test('a signed-out visitor to a private page signs in and comes back to it', async ({ page, accounts }) => {
  await page.goto('/events?day=3');
  await expect(page).toHaveURL(/\/sign-in$/);
  const signIn = new SignInPage(page);
  await signIn.signIn(accounts.u.email, accounts.u.password);
  await expect(page).toHaveURL(/\/events\?day=3$/);
  await expect(new AppShell(page).heading).toHaveText('Events');
});

test('without "Keep me signed in" the session is this tab\'s: it survives a reload, a new tab is signed out (decision 0107)', async ({
  page,
  context,
  accounts,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await expect(signIn.keepSignedIn).toBeChecked();
  await signIn.keepSignedIn.uncheck();
  await signIn.signIn(accounts.u.email, accounts.u.password);
  await expect(page).toHaveURL(/\/cameras$/);
  await page.goto('/events');
  await expect(new AppShell(page).heading).toHaveText('Events');
  // Nothing of the login is left where every tab (and the next browser session) would find it.
  expect(await page.evaluate(() => localStorage.getItem('login'))).toBeNull();

  // A new tab of the same browser, the address typed in: signed out.
  const other = await context.newPage();
  await other.goto('/events');
  await expect(other).toHaveURL(/\/sign-in$/);
  await expect(new SignInPage(other).heading).toBeVisible();
  await other.close();

  // The tab signed in from still is, after a reload too (the sign-in page sends it on).
  await page.reload();
  await expect(new AppShell(page).heading).toHaveText('Events');
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/cameras$/);
});

test('with "Keep me signed in" a new tab of the same browser is signed in', async ({
  page,
  context,
  accounts,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(accounts.u.email, accounts.u.password);
  await expect(page).toHaveURL(/\/cameras$/);
  const other = await context.newPage();
  await other.goto('/events');
  await expect(new AppShell(other).heading).toHaveText('Events');
});

test('the password can be shown and hidden', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.password.fill('secret words');
  await expect(signIn.password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(signIn.password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(signIn.password).toHaveAttribute('type', 'password');
});

test('signing in writes the usage log', async ({ page, accounts }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  const log = page.waitForRequest((r) => /\/tracking\/[^/]+\/0\/alog$/.test(r.url()));
  await signIn.signIn(accounts.u.email, accounts.u.password);
  const req = await log;
  expect(req.postDataJSON()).toMatchObject({
    type: 'signin',
    val: { host: expect.stringContaining('127.0.0.1'), version: '2.44.15', windowSize: '1280x720' },
  });
  expect((await req.response())?.status()).toBe(202);
});

test('the interface speaks French when chosen, and keeps the choice', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Connexion à Vigil' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Essayer la démo' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion à Vigil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
