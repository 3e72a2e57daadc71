import { E2E_SELF_REG_INSTALLER_ID } from '../env.ts';
import { expect, outboxSubjects, signInAs, spaGoto, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

test('app start: a stored login the session check refuses is logged out', async ({ page, accounts }) => {
  const login = await signInAs(page, accounts.u, '/cameras');
  await expect(new AppShell(page).heading).toHaveText('Cameras');
  // The series is ended elsewhere (another device signed out): the next start's check fails.
  const out = await page.request.post('/logout', {
    headers: { authorization: `Bearer ${login.authToken}` },
    data: {},
  });
  expect(out.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('login'))).toBeNull();
});

test('logout clears local data except the kept preferences', async ({ page, accounts }) => {
  await signInAs(page, accounts.u, '/cameras');
  await page.evaluate(() => {
    localStorage.setItem('playbackTime', '123');
    localStorage.setItem('timezone', 'Europe/Paris');
  });
  await new AppShell(page).logOut();
  await expect(page).toHaveURL(/\/sign-in$/);
  const left = await page.evaluate(() => ({
    login: localStorage.getItem('login'),
    playbackTime: localStorage.getItem('playbackTime'),
    timezone: localStorage.getItem('timezone'),
  }));
  expect(left).toEqual({ login: null, playbackTime: null, timezone: 'Europe/Paris' });
  await page.goto('/cameras');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('another tab clearing local storage ends the session here too', async ({ page, accounts }) => {
  await signInAs(page, accounts.u, '/events');
  await expect(new AppShell(page).heading).toHaveText('Events');
  const other = await page.context().newPage();
  await other.goto('/permission-levels');
  await other.evaluate(() => localStorage.clear());
  await expect(page).toHaveURL(/\/sign-in$/);
  await other.close();
});

test('redirect order: the stored return path, then the portal for partners, then cameras', async ({
  page,
  accounts,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await page.evaluate(() => sessionStorage.setItem('returnPath', '/playback'));
  await signIn.signIn(accounts.u.email, accounts.u.password);
  await expect(page).toHaveURL(/\/playback$/);
  await new AppShell(page).logOut();

  await signIn.signIn(accounts.i.email, accounts.i.password);
  await expect(page).toHaveURL(/\/manage$/);
  await new AppShell(page).logOut();

  await signIn.signIn(accounts.u.email, accounts.u.password);
  await expect(page).toHaveURL(/\/cameras$/);
  // Signed in, the sign-in page itself sends the user on.
  await spaGoto(page, '/sign-in');
  await expect(page).toHaveURL(/\/cameras$/);
});

test('a self-registered user with the payment step open is kept on /get-started?type=enduser', async ({
  page,
  accounts,
}) => {
  await signInAs(page, accounts.selfReg, '/cameras');
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
  await spaGoto(page, '/events');
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
  await spaGoto(page, '/privacy');
  await expect(page).toHaveURL(/\/privacy$/);
  // Someone who is not self-registered is never forced there.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, accounts.u, '/events');
  await expect(page).toHaveURL(/\/events$/);
});

test('registering with the strength meter, then landing signed in', async ({ page }) => {
  const reg = new RegisterPage(page);
  await reg.open(`?installerid=${E2E_SELF_REG_INSTALLER_ID}`);
  await reg.password.fill('short');
  await expect(reg.meter).toContainText('Too short');
  await reg.password.fill('eight ch');
  await expect(reg.meter).toContainText('Weak');
  await reg.password.fill('password');
  await expect(reg.meter).toContainText('Even the cameras could guess');
  await reg.password.fill('twelve chars');
  await expect(reg.meter).toContainText('Strong');

  await reg.email.fill(`new-${Date.now()}@e2e.example`);
  await reg.confirm.fill('not the same');
  await reg.submit.click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await reg.confirm.fill('twelve chars');
  await reg.submit.click();
  // A self-registration through a partner's link: the payment step comes first.
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
});

test('registering an e-mail that exists tells nobody it exists, and e-mails its owner (issue 14)', async ({
  page,
  accounts,
}) => {
  const reg = new RegisterPage(page);
  await reg.open();
  await reg.register(accounts.u.email, 'a fine long password');
  await expect(page.getByRole('status')).toHaveText(
    `We sent a message to ${accounts.u.email}. Open it to continue.`,
  );
  await expect(reg.error).toHaveCount(0);
  await expect
    .poll(() => outboxSubjects(accounts.u.email))
    .toContain('Someone tried to register with your address');
});
