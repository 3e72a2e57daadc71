import type { Page } from '@playwright/test';
import type { AccountType, LoginResult } from '@vigil/contracts';
import { expect, signInAs, spaGoto, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import {
  type AccessContext,
  defaultPathOf,
  en,
  type FlatRoute,
  flattenRoutes,
  loggedInRedirect,
  MAIN_BRAND,
  navRoutes,
  paths,
  ROUTE_TABLE,
  routeAccess,
} from '../web-rules.ts';

// The longest file of the suite (five walks of every route): its tests share nothing but the worker's accounts,
// which they only read, so they spread over the workers instead of keeping one busy at the end (decision 0023).
test.describe.configure({ mode: 'parallel' });

const FLAT = flattenRoutes(ROUTE_TABLE);
const P = {
  portal: paths.manage,
  cameras: paths.cameras,
  orders: paths.orders,
  root: paths.root,
  getStarted: paths.getStarted,
};

/** A concrete address for a route pattern. */
const SAMPLE: Record<string, string> = {
  uidd: 'u1.c1',
  id: '7',
  token: 'tok',
  provider: 'google',
  plate: 'AB123CD',
  uid: 'u1',
  as: 'admin',
  customerUid: 'c1',
  installerId: 'ins1',
};
const concrete = (pattern: string) => pattern.replace(/:(\w+)/g, (_m, name: string) => SAMPLE[name] ?? 'x');

/** Headings of the screens that are not placeholders. */
const SCREEN_HEADINGS: Record<string, string> = {
  signIn: 'Sign in to Vigil',
  register: 'Create your account',
  forgotPassword: 'Forgot your password?',
  resetPassword: 'Choose a new password',
  permissionLevels: 'Permission levels',
  install: 'Add a camera',
  quote: 'Your quote',
  registerSuccess: 'You are all set',
};

type Outcome = { url: string } | { heading: string; url: string } | { notFound: true };

/** What the spec's rules say this context sees at this route. */
function expected(route: FlatRoute, ctx: AccessContext): Outcome {
  const path = concrete(route.path);
  const access = routeAccess(route, ctx);
  const onward = loggedInRedirect(FLAT, ctx, {}, P);
  switch (access.kind) {
    case 'signIn':
      return { url: paths.signIn };
    case 'notFound':
      return { notFound: true };
    case 'redirectLoggedIn':
      return { url: onward };
    case 'forceGetStarted':
      return { url: paths.getStarted };
    case 'allow':
      if (route.id === 'root') return { url: ctx.session ? onward : paths.signIn };
      if (route.redirect) return { url: route.redirect };
      if (!route.screen) return { url: defaultPathOf(route, FLAT) };
      return {
        url: path,
        heading: SCREEN_HEADINGS[route.screen] ?? en.routes[route.id as keyof typeof en.routes],
      };
  }
}

async function check(page: Page, o: Outcome): Promise<void> {
  const shell = new AppShell(page);
  if ('notFound' in o) {
    await expect(shell.notFound).toBeVisible({ timeout: 3_000 });
    return;
  }
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 3_000 }).toBe(o.url);
  if ('heading' in o)
    await expect(page.getByRole('heading', { level: 1, name: o.heading })).toBeVisible({ timeout: 3_000 });
}

// The external entries leave the app (product updates) or talk to the mobile wrapper; they are covered elsewhere.
const ROUTES = FLAT.filter((r) => !r.external);

for (const type of [null, 'u', 'i', 'd', 's'] as (AccountType | null)[]) {
  test(`every route of the table as ${type ?? 'a signed-out visitor'}`, async ({ page, accounts }) => {
    test.setTimeout(180_000);
    let login: LoginResult | null = null;
    if (type) login = await signInAs(page, accounts[type], paths.permissionLevels);
    else await page.goto(paths.permissionLevels);
    await expect(page.getByRole('heading', { name: 'Permission levels' })).toBeVisible();
    const ctx: AccessContext = { session: login, brand: MAIN_BRAND, demo: false, app: false };
    const problems: string[] = [];
    for (const route of ROUTES) {
      const path = concrete(route.path);
      const want = expected(route, ctx);
      await spaGoto(page, path);
      try {
        await check(page, want);
      } catch {
        problems.push(
          `${path} (${route.id}): expected ${JSON.stringify(want)}, got ${new URL(page.url()).pathname}`,
        );
      }
    }
    expect(problems).toEqual([]);
    // The rules decide something different per account type: this would catch a table that lets everyone in.
    const allowed = ROUTES.filter((r) => routeAccess(r, ctx).kind === 'allow').length;
    expect(allowed).toBeGreaterThan(5);
  });
}

for (const type of ['u', 'i', 'd', 's'] as AccountType[]) {
  test(`the sidebar lists what ${type} may open, ending with log out`, async ({ page, accounts }) => {
    const login = await signInAs(page, accounts[type], paths.permissionLevels);
    await spaGoto(page, paths.account);
    const ctx: AccessContext = { session: login, brand: MAIN_BRAND, demo: false, app: false };
    const labels = (pick: (r: FlatRoute) => boolean) =>
      navRoutes(FLAT, ctx, pick).map((r) => en.routes[r.id as keyof typeof en.routes]);
    const want = [
      ...labels((r) => r.nav?.area === 'main'),
      ...labels(
        (r) => r.nav?.area === 'secondary' && r.external !== 'changeIcon' && r.external !== 'resetIcon',
      ),
      'Log out',
    ];
    await expect.poll(() => new AppShell(page).sidebarEntries()).toEqual(want);
  });
}

test('unknown paths: a paged section’s default keeping the query, else not found in the right frame', async ({
  page,
  accounts,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  await signInAs(page, accounts.u, '/manage-plan/unknown/deeper?tab=2');
  await expect(page).toHaveURL(/\/manage-plan\/plan\?tab=2$/);
  await spaGoto(page, '/cameras/a/b/c?view=grid');
  await expect(page).toHaveURL(/\/cameras\?view=grid$/);
  await spaGoto(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('legacy paths show the same screens', async ({ page }) => {
  await page.goto('/login.html');
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible();
  await page.goto('/forgot-password.html');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});
