import { expect, test } from '@playwright/test';
import { TestIdp } from '../../apps/server/src/features/sso/testing.ts';
import { fitsAndPassesAxe } from '../axe.ts';
import { E2E_PORT } from '../env.ts';
import { OWN_SERVER_HOOK_MS, startOwnServer, stopOwnServers } from '../own-server.ts';
import { AppShell } from '../pages/app-shell.ts';
import { SignInPage } from '../pages/sign-in-page.ts';
import { SsoScreens, TestIdpSignIn } from '../pages/sso-pages.ts';

// Single sign-on needs a server configured with a provider: this file starts its own (the real server, as
// `npm start` does, on a fresh data directory: e2e/own-server.ts) beside a real OpenID Provider on loopback, so no
// other suite sees the provider's button. Ports: the provider at E2E_PORT+50, this server at E2E_PORT+60.
const IDP_PORT = E2E_PORT + 50;
const PORT = E2E_PORT + 60;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CLIENT = {
  client_id: 'vigil-e2e',
  client_secret: 'vigil-e2e-secret-0123456789',
  redirect_uris: [`${ORIGIN}/sso/test/end`, `${ORIGIN}/sso/test/convert/end`],
};

let idp: TestIdp;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_HOOK_MS);
  idp = await TestIdp.start(IDP_PORT, [CLIENT]);
  await startOwnServer('e2e-sso', PORT, {
    SUPPORT_PASSWORD: 'sso e2e support password',
    SSO_PROVIDERS: JSON.stringify([
      { id: 'test', issuer: idp.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret },
    ]),
  });
});

test.afterAll(async () => {
  await stopOwnServers();
  await idp?.close();
});

test('signs up and in with an OpenID Provider: redirect there, sign in, back signed in', async ({ page }) => {
  idp.accounts.set('e2e-person', {
    email: 'e2e-person@example.com',
    email_verified: true,
    name: 'E2E Person',
  });
  const sso = new SsoScreens(page);
  await page.goto(`${ORIGIN}/sign-in`);
  await sso.continueWith('test').click();

  // At the provider: its own sign-in form, on its own origin.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await new TestIdpSignIn(page).signInAs('e2e-person');

  // Back at /sso/test/end: nobody is linked to this identity yet; the brand registers users, so it offers that.
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/sso/test/end\\?`));
  await expect(sso.noLinkedAccount).toBeVisible();
  await fitsAndPassesAxe(page);
  await sso.createAccountAs('e2e-person@example.com').click();

  // The sign-in starts again; the provider remembers the person and sends them straight back, signed in.
  await expect(page).toHaveURL(`${ORIGIN}/cameras`);
  await expect(new AppShell(page).heading).toHaveText('Cameras');
  const login = await page.evaluate(() => localStorage.getItem('login'));
  expect(JSON.parse(login ?? '{}')).toMatchObject({ email: 'e2e-person@example.com', sso_provider: 'test' });

  // A reload runs the session check and keeps the session.
  await page.reload();
  await expect(new AppShell(page).heading).toHaveText('Cameras');
});

test('links a password account to the provider from /account, then signs in with the provider', async ({
  page,
}) => {
  const email = 'e2e-linker@example.com';
  const password = 'linker password 2026';
  const reg = await fetch(`${ORIGIN}/account/register?caller=web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, caller: 'web' }),
  });
  expect(reg.status).toBe(200);
  idp.accounts.set('e2e-linker', { email: 'linker.at.work@example.com', email_verified: true });

  const signIn = new SignInPage(page);
  await page.goto(`${ORIGIN}/sign-in`);
  await signIn.signIn(email, password);
  await expect(page).toHaveURL(`${ORIGIN}/cameras`);
  await page.goto(`${ORIGIN}/account`);
  const sso = new SsoScreens(page);
  await sso.linkWith('test').click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await new TestIdpSignIn(page).signInAs('e2e-linker');
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/sso/test/convert/end\\?`));
  await expect(sso.linked).toHaveText(
    'Single sign-on as linker.at.work@example.com is now linked to your account.',
  );
  await fitsAndPassesAxe(page);

  // Signed out, the provider's button signs in to the linked account (the provider remembers the person).
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${ORIGIN}/sign-in`);
  await sso.continueWith('test').click();
  await expect(page).toHaveURL(`${ORIGIN}/cameras`);
  const login = await page.evaluate(() => localStorage.getItem('login'));
  expect(JSON.parse(login ?? '{}')).toMatchObject({ email, sso_provider: 'test' });
});
