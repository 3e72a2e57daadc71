import { expect, test } from '../fixtures.ts';
import { CamerasPage } from '../pages/cameras-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

test('the app works under its Content-Security-Policy, which stops inline script and framing', async ({
  page,
  cspViolations,
}) => {
  const res = await page.goto('/sign-in');
  const headers = res?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The app started (its scripts are files of this origin) and draws its form.
  await expect(new SignInPage(page).submit).toBeVisible();
  expect(cspViolations).toEqual([]);

  // An injected inline script does not run, and the browser says why.
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
    await new Promise((r) => setTimeout(r, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  // The violation was provoked on purpose: the fixture's own check must not fail the test for it.
  cspViolations.length = 0;

  // The app cannot be framed, not even by a page of its own origin: the frame gets the browser's error page.
  const framed = page.waitForEvent('frameattached');
  await page.evaluate(() => {
    const f = document.createElement('iframe');
    f.title = 'framed';
    f.src = '/sign-in';
    document.body.append(f);
  });
  const frame = await framed;
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
  await expect.poll(() => cspViolations.some((v) => v.includes('frame-ancestors'))).toBe(true);
  cspViolations.length = 0;
});

test('live video and camera pictures carry short grants in their addresses, never the auth token', async ({
  page,
}) => {
  const sockets: string[] = [];
  const pictures: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('request', (r) => {
    if (/\/(getthumb|getstill)\//.test(r.url())) pictures.push(r.url());
  });
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.tryDemo.click();
  await expect(page).toHaveURL(/\/demo\/cameras$/);
  const cameras = new CamerasPage(page);
  await cameras.expectPlaying(cameras.video(cameras.tiles.first()));
  const authToken = await page.evaluate(
    () => JSON.parse(localStorage.getItem('login') ?? '{}').authToken as string,
  );
  expect(authToken.length).toBeGreaterThan(20);
  const live = sockets.filter((u) => u.includes('/live/'));
  expect(live.length).toBeGreaterThan(0);
  for (const u of [...live, ...pictures]) {
    expect(u).not.toContain(authToken);
    expect(u).toContain('mg_');
  }
});
