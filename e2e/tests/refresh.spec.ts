import type { Page, Request } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { NetworkPage } from '../pages/network-page.ts';

const isRefresh = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/login/refresh';
const storedLoginToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('login') ?? 'null') as { webLogin?: { loginToken: string } } | null)
        ?.webLogin?.loginToken,
  );

test('the token is refreshed every 10 minutes, and on becoming visible after more than 8', async ({
  page,
  accounts,
}) => {
  await page.clock.install();
  const login = await signInAs(page, accounts.u, '/cameras');
  await expect(new AppShell(page).heading).toHaveText('Cameras');
  const refreshes: Request[] = [];
  page.on('request', (r) => {
    if (isRefresh(r)) refreshes.push(r);
  });

  await page.clock.fastForward('09:59');
  expect(refreshes).toHaveLength(0);
  const first = page.waitForResponse((r) => isRefresh(r.request()));
  await page.clock.fastForward('00:02');
  const res = await first;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toMatchObject({
    loginToken: login.webLogin!.loginToken,
    uid: login.uid,
  });
  const newToken = ((await res.json()) as { loginToken: string }).loginToken;
  await expect.poll(() => storedLoginToken(page)).toBe(newToken);

  // Visible again after 5 minutes: too soon. After 9: refreshed at once.
  await page.clock.fastForward('05:00');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.evaluate(() => 0);
  expect(refreshes).toHaveLength(1);
  const second = page.waitForResponse((r) => isRefresh(r.request()));
  await page.clock.fastForward('04:00');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect((await second).status()).toBe(200);

  // The renewed session still passes the session check after a reload.
  await page.reload();
  await expect(new AppShell(page).heading).toHaveText('Cameras');
});

test('two tabs racing for the refresh lock spend the login token once', async ({ page, accounts }) => {
  await page.clock.install();
  await signInAs(page, accounts.u, '/cameras');
  const other = await page.context().newPage();
  await other.goto('/events');
  await expect(new AppShell(other).heading).toHaveText('Events');
  const refreshes: Request[] = [];
  page.context().on('request', (r) => {
    if (isRefresh(r)) refreshes.push(r);
  });

  const done = page.context().waitForEvent('response', (r) => isRefresh(r.request()));
  const realNow = Date.now();
  await page.clock.fastForward('10:00');
  await done;
  // The clock is the context's: the other tab's timer fired too, and it met the lock.
  expect(await other.evaluate(() => Date.now())).toBeGreaterThan(realNow + 9 * 60_000);
  // Let the waiting tab run out its waits (at most 5 × 500 ms) and look again.
  for (let i = 0; i < 6; i += 1) await page.clock.fastForward(600);
  await other.evaluate(() => 0);
  expect(refreshes).toHaveLength(1);
  const token = await storedLoginToken(page);
  await expect.poll(() => storedLoginToken(other)).toBe(token);

  // Both tabs keep working with the new tokens.
  await other.reload();
  await expect(new AppShell(other).heading).toHaveText('Events');
  await other.close();
});

test('a lock held too long by another tab reports the spec’s message and keeps the session', async ({
  page,
  accounts,
}) => {
  await page.clock.install();
  await signInAs(page, accounts.u, '/cameras');
  // Another tab takes the refresh lock and never lets go.
  const other = await page.context().newPage();
  await other.goto('/permission-levels');
  await other.evaluate(() => {
    void navigator.locks.request('vigil-token-refresh', () => new Promise(() => {}));
  });
  await expect
    .poll(() => page.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0))
    .toBe(1);
  const report = page.waitForRequest((r) => /\/web-errors\/[^/]+\/slack$/.test(r.url()));
  await page.clock.fastForward('10:00');
  for (let i = 0; i < 6; i += 1) await page.clock.fastForward(600);
  const body = (await report).postDataJSON() as { message: string };
  expect(body.message).toContain('Max handleRefreshToken attempts exceeded: login token is still locked');
  await expect(new AppShell(page).heading).toHaveText('Cameras');
});

test('a network error on refresh shows the connectivity screen; a revoked session goes to sign-in', async ({
  page,
  accounts,
}) => {
  await page.clock.install();
  const login = await signInAs(page, accounts.u, '/cameras');
  await page.route('**/login/refresh*', (route) => route.abort('internetdisconnected'));
  await page.clock.fastForward('10:00');
  await expect(new NetworkPage(page).heading).toBeVisible();

  // Another device ends the series: the next refresh fails, the login is cleared and the user signs in again.
  await page.unroute('**/login/refresh*');
  await page.request.post('/logout', { headers: { authorization: `Bearer ${login.authToken}` }, data: {} });
  await signInAs(page, accounts.u, '/events');
  // Past the session check at start (a refusal there is a plain logout, without a return path).
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const fresh = await page.evaluate(
    () => JSON.parse(localStorage.getItem('login')!) as { authToken: string },
  );
  await page.request.post('/logout', { headers: { authorization: `Bearer ${fresh.authToken}` }, data: {} });
  await page.clock.fastForward('10:00');
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('login'))).toBeNull();
  // The stored return path brings the user back after signing in again.
  expect(await page.evaluate(() => sessionStorage.getItem('returnPath'))).toBe('/events');
});
