import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/**
 * The app shell's service worker (decision 0861), in Chromium: after a first visit, a reload with no network still
 * shows the sign-in screen, from the worker's cache; an API call with no network fails (it is never answered from
 * the cache), and the cache holds the shell only — no API answer, no video. When the browser itself says it is
 * offline, the app started from the cache shows the connectivity screen (spec 000 §4).
 */
test.use({ serviceWorkers: 'allow' });

/** The worker's caches and the paths each holds. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((r) => new URL(r.url).pathname).sort();
    }
    return out;
  });

/** The server cannot be reached: every request, the page's and its worker's, fails as a lost connection fails it. */
const serverGone = (context: BrowserContext) =>
  context.route('**/*', (route) => route.abort('internetdisconnected'));

test('a second visit reaches the sign-in screen with no network; API calls are never answered from the cache', async ({
  page,
  context,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await expect(signIn.heading).toBeVisible();
  // The worker installs after the page has loaded, then controls the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/);

  const caches = await cached(page);
  const names = Object.keys(caches);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^vigil-shell-[0-9a-f]{16}$/);
  const paths = caches[names[0]!]!;
  expect(paths).toContain('/');
  expect(paths.some((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toBe(true);
  expect(paths.some((p) => /^\/assets\/index-[\w-]+\.css$/.test(p))).toBe(true);
  expect(paths.some((p) => /^\/assets\/SignInPage-[\w-]+\.js$/.test(p))).toBe(true);
  // The shell only: the page, hashed files, the favicon, the manifest and brand icons.
  for (const p of paths)
    expect(p).toMatch(
      /^(\/|\/assets\/[\w.-]+|\/favicon\.svg|\/manifest\.webmanifest|\/brands\/.+\/(favicon|logo\.png))$/,
    );

  await serverGone(context);
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(signIn.heading).toBeVisible();
  await expect(signIn.submit).toBeEnabled();

  // An API call (the same path as a screen, asking for JSON) fails: the worker never answers it from its cache.
  const answer = await page.evaluate(() =>
    fetch('/cameras', { headers: { accept: 'application/json' } }).then(
      (r) => `status ${r.status}`,
      () => 'failed',
    ),
  );
  expect(answer).toBe('failed');
  const health = await page.evaluate(() =>
    fetch('/health').then(
      (r) => `status ${r.status}`,
      () => 'failed',
    ),
  );
  expect(health).toBe('failed');
  // Signing in needs the server: the form says the network is away rather than pretending.
  await signIn.signIn('someone@example.com', 'a password');
  await expect(signIn.error).toBeVisible();

  // With the browser offline too (Chromium's offline mode: navigator.onLine is false), the app still starts from the
  // cache, and shows the connectivity screen spec 000 §4 asks for when the browser is offline, not the browser's
  // own error page.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Network error' })).toBeVisible();

  await context.unroute('**/*');
  await context.setOffline(false);
  await page.reload();
  await expect(signIn.heading).toBeVisible();
});
