import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { LoginResult } from '@vigil/contracts';
import { seriousViolations } from '../axe.ts';
import { type Accounts, apiLogin, expect, signInAs, spaGoto, test } from '../fixtures.ts';
import {
  type AccessContext,
  type FlatRoute,
  flattenRoutes,
  MAIN_BRAND,
  ROUTE_TABLE,
  routeAccess,
} from '../web-rules.ts';

/**
 * axe-core on every screen of the route table (issue 21, decision 0862): each route is opened once, by the first
 * kind of visitor that may open it (signed out, owner, installer, distributor, support), and the demo-flagged ones
 * again in the demo shell; any serious or critical finding fails. The routes come from the table, so a new one is
 * walked as soon as it is added, and the last test's literal lists make it fail until someone looks at it.
 * Each visitor is one test with one browser context, so the walks spread over the workers.
 */
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

const FLAT = flattenRoutes(ROUTE_TABLE);

/** Concrete values for the path parameters (the screens show their own "not found" states for them). */
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

/** Routes with a screen of their own: no redirect, no opening elsewhere, not the root (it only redirects). */
const SCREENS = FLAT.filter((r) => r.screen && !r.redirect && !r.external && r.id !== 'root');

const ROLES = ['signedOut', 'u', 'i', 'd', 's'] as const;
type Role = (typeof ROLES)[number];

/** Every visitor's session, as the API gives it (null: signed out; the demo's is the demo account's). */
async function sessions(request: APIRequestContext, accounts: Accounts) {
  const of = async (role: Role) => (role === 'signedOut' ? null : apiLogin(request, accounts[role]));
  const demo = (await (await request.get('/login/demo')).json()) as LoginResult;
  return { byRole: await Promise.all(ROLES.map(of)), demo };
}

/** Which routes each visitor checks: the ones it may open that no visitor before it checks; the demo its own. */
function plan(
  byRole: readonly (LoginResult | null)[],
  demo: LoginResult,
): Record<Role | 'demo', FlatRoute[]> {
  const taken = new Set<string>();
  const out = {} as Record<Role | 'demo', FlatRoute[]>;
  ROLES.forEach((role, i) => {
    const ctx: AccessContext = { session: byRole[i] ?? null, brand: MAIN_BRAND, demo: false, app: false };
    out[role] = SCREENS.filter((r) => !taken.has(r.id) && routeAccess(r, ctx).kind === 'allow');
    for (const r of out[role]) taken.add(r.id);
  });
  const demoCtx: AccessContext = { session: demo, brand: MAIN_BRAND, demo: true, app: false };
  out.demo = SCREENS.filter((r) => routeAccess(r, demoCtx).kind === 'allow');
  return out;
}

/** Opens each route (client-side, as a link would), waits for its heading and runs axe; returns the findings. */
async function walk(page: Page, routes: readonly FlatRoute[], prefix: string): Promise<string[]> {
  const problems: string[] = [];
  for (const route of routes) {
    const path = prefix + concrete(route.path);
    await spaGoto(page, path);
    await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    const found = await seriousViolations(page);
    if (found.length) problems.push(`${path} (${route.id}): ${found.join('; ')}`);
  }
  return problems;
}

async function check(browser: Browser, accounts: Accounts, role: Role | 'demo'): Promise<void> {
  // One browser context a visitor: its session stays put while the walk goes from screen to screen.
  const context = await browser.newContext();
  const page = await context.newPage();
  const { byRole, demo } = await sessions(page.request, accounts);
  const routes = plan(byRole, demo)[role];
  if (role === 'demo') await page.goto('/demo/cameras');
  else if (role === 'signedOut') await page.goto('/permission-levels');
  else await signInAs(page, accounts[role], '/permission-levels');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const problems = await walk(page, routes, role === 'demo' ? '/demo' : '');
  await context.close();
  expect(problems).toEqual([]);
}

for (const role of [...ROLES, 'demo'] as const)
  test(`axe: the screens ${role} checks`, async ({ browser, accounts }) => {
    await check(browser, accounts, role);
  });

test('every screen of the route table is checked by someone', async ({ request, accounts }) => {
  const { byRole, demo } = await sessions(request, accounts);
  const ids = Object.fromEntries(Object.entries(plan(byRole, demo)).map(([k, v]) => [k, v.map((r) => r.id)]));
  // Literal on purpose: a route added to the table shows up here, and one nobody may open fails the test.
  expect(ids).toEqual({
    signedOut: [
      'signIn',
      'register',
      'forgotPassword',
      'resetPassword',
      'verifyEmail',
      'permissionLevels',
      'acceptInvite',
      'getStarted',
      'quote',
      'appRegisterSuccess',
      'paypalConfirm',
      'shared',
      'verify',
      'terms',
      'privacy',
      'oauthStart',
      'oauthEnd',
    ],
    u: [
      'payment',
      'cameras',
      'cameraGrid',
      'cameraLayout',
      'cameraPresentation',
      'cameraSettings',
      'camera',
      'events',
      'playback',
      'vehicles',
      'vehicleCounts',
      'vehiclePlate',
      'people',
      'dashboard',
      'newPricing',
      'settings',
      'plan',
      'additionalUsers',
      'additionalUserNew',
      'additionalUser',
      'aiTraining',
      'demoConsent',
      'install',
      'cloudAdapters',
      'backup',
      'account',
    ],
    i: ['manage', 'customerNew', 'customer'],
    d: ['priceLists', 'partnerInstaller'],
    s: [
      'support',
      'supportUsers',
      'supportUser',
      'supportInstallers',
      'supportInstaller',
      'supportTools',
      'supportBrands',
      'supportAccount',
      'health',
    ],
    demo: [
      'terms',
      'privacy',
      'cameras',
      'cameraGrid',
      'cameraLayout',
      'cameraPresentation',
      'cameraSettings',
      'camera',
      'events',
      'playback',
      'dashboard',
      'cameraGroups',
      'cameraGroupNew',
      'cameraGroup',
      'settings',
    ],
  });
  const checked = new Set(Object.values(ids).flat());
  // Not open to anyone here: other brands' pages (full white label, SSO, the takeaway vendor's orders) and
  // conditions no fixture account meets (PPE cameras, an end-user pro plan). Their screens are shared with checked
  // ones (legal pages, billing screens) or have their own specs (sso, takeaway, billing).
  expect(SCREENS.filter((r) => !checked.has(r.id)).map((r) => r.id)).toEqual([
    'termsOfService',
    'privacyPolicy',
    'ssoStart',
    'ssoEnd',
    'ssoConvertEnd',
    'ppe',
    'orders',
    'order',
    'billing',
  ]);
});
