import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api } from '../../apps/server/src/features/fleet/testing.ts';
import { seriousViolations } from '../axe.ts';
import { E2E_PORT } from '../env.ts';
import { OWN_SERVER_HOOK_MS, type OwnServer, startOwnServer, stopOwnServers } from '../own-server.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/**
 * Decision 0858 in Chromium on a phone (390 × 844): two regions of their own, `a` and `b`, each `npm start`'s server
 * on its own SQLite data directory serving the built web app, joined by REGION_MAP and one secret. An installer signed
 * in at a picks region b for a new customer; support at a finds and opens it; with b stopped, the form says so.
 * Ports: a at E2E_PORT+90, b at +91.
 */
const PHONE = { width: 390, height: 844 };
const SECRET = 'regions-e2e-shared-secret-0123456789abcdefgh';
const A_PORT = E2E_PORT + 90;
const B_PORT = E2E_PORT + 91;
const SUPPORT = { email: 'support@vigil.local', password: 'support-password-1' };
const tag = Date.now().toString(36);
const installer = { company: `Border Installers ${tag}`, email: `border-${tag}@e2e.example` };
const customer = { company: `Far Bakery ${tag}`, email: `far-${tag}@e2e.example` };
const PASSWORD = 'correct horse border staple';

let a: OwnServer;
let b: OwnServer;

const sqlite = (p: OwnServer, readOnly = true) =>
  new DatabaseSync(join(p.dataDir, 'vigil.sqlite'), { readOnly });
const usersNamed = (p: OwnServer, email: string): string[] => {
  const db = sqlite(p);
  try {
    return (db.prepare('SELECT region FROM users WHERE email = ?').all(email) as { region: string }[]).map(
      (r) => r.region,
    );
  } finally {
    db.close();
  }
};

/** Region `p`'s support makes the installer there; its owner sets a password through the e-mailed link. */
async function makeInstaller(p: OwnServer): Promise<string> {
  const signed = await api(p.url).post('/login', SUPPORT);
  expect(signed.status, JSON.stringify(signed.json)).toBe(200);
  const made = await api(p.url, signed.json.authToken).post('/partners/installers', installer);
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const db = sqlite(p);
  const mail = db.prepare('SELECT body_text FROM outbox WHERE to_address = ?').get(installer.email) as {
    body_text: string;
  };
  db.close();
  const [, uid = '', v = ''] = /reset-password\?uid=([^&\s]+)&v=([^&\s]+)/.exec(mail.body_text) ?? [];
  const q = new URLSearchParams({
    uid: decodeURIComponent(uid),
    v: decodeURIComponent(v),
    newpass: PASSWORD,
  });
  expect((await fetch(`${p.url}/resetpassword?${q}`)).status).toBe(200);
  return made.json.id as string;
}

async function phone(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: a.url, viewport: PHONE });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(email, password);
  await expect(page).not.toHaveURL(/sign-in/);
  return page;
}

/** Nothing wider than the phone: no sideways scrolling. */
const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.beforeAll(async () => {
  // Both servers' start, then each region's installer made.
  test.setTimeout(OWN_SERVER_HOOK_MS + 30_000);
  const env = (region: string, peer: string) => ({
    REGION: region,
    REGION_MAP: peer,
    REGION_PEER_SECRET: SECRET,
    SUPPORT_PASSWORD: SUPPORT.password,
    LOGIN_MAX_PER_MIN: '1000',
  });
  [a, b] = await Promise.all([
    startOwnServer('regions-a', A_PORT, env('a', `b=http://127.0.0.1:${B_PORT}`)),
    startOwnServer('regions-b', B_PORT, env('b', `a=http://127.0.0.1:${A_PORT}`)),
  ]);
  // The installer's home is a; its presence in b (decision 0618) is made by b's support, then given a's id.
  const home = await makeInstaller(a);
  const there = await makeInstaller(b);
  const db = sqlite(b, false);
  db.prepare('UPDATE partners SET id = ? WHERE id = ?').run(home, there);
  db.prepare('UPDATE users SET installer_id = ? WHERE installer_id = ?').run(home, there);
  db.close();
});

test.afterAll(async () => {
  await stopOwnServers();
});

test('an installer on a phone makes a customer in region b; support at a opens it; b down is said', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await phone(browser, installer.email, PASSWORD);
  await page.goto('/customers/new');
  const picker = page.getByRole('combobox', { name: 'Customer’s home region' });
  await expect(picker).toHaveValue('a');
  await expect(picker.locator('option')).toHaveText(['a (yours)', 'b']);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await fitsThePhone(page)).toBeLessThanOrEqual(PHONE.width);
  await page.getByLabel(/^Company/).fill(customer.company);
  await page.getByLabel(/^Owner’s e-mail/).fill(customer.email);
  await picker.selectOption('b');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/customers\/[^/?]+\?region=b$/);
  await expect(
    page.getByText('This customer’s account is kept in region b; its cameras are watched there.'),
  ).toBeVisible();
  expect(usersNamed(b, customer.email)).toEqual(['b']);
  expect(usersNamed(a, customer.email)).toEqual([]);
  await page.goto('/manage');
  await expect(page.getByRole('listitem').filter({ hasText: customer.company })).toContainText('(region b)');
  expect(await fitsThePhone(page)).toBeLessThanOrEqual(PHONE.width);

  const support = await phone(browser, SUPPORT.email, SUPPORT.password);
  await support.goto(`/support?q=${encodeURIComponent(customer.email)}`);
  await support.getByRole('link', { name: customer.email }).click();
  await expect(support).toHaveURL(/\/support\/[^/?]+\?region=b$/);
  await expect(support.getByRole('heading', { name: customer.email })).toBeVisible();
  await expect(support.getByRole('term').first()).toHaveText('Region');
  await expect(support.getByRole('definition').first()).toHaveText('b');
  // Its sessions and logs, read through b (decision 0883): the customer has not signed in there yet.
  await expect(support.getByText('No one is signed in to this account.')).toBeVisible();
  expect(await seriousViolations(support)).toEqual([]);
  expect(await fitsThePhone(support)).toBeLessThanOrEqual(PHONE.width);

  b.child.kill('SIGKILL');
  await b.exited;
  const away = { company: `Away ${tag}`, email: `away-${tag}@e2e.example` };
  await page.goto('/customers/new');
  await page.getByLabel(/^Company/).fill(away.company);
  await page.getByLabel(/^Owner’s e-mail/).fill(away.email);
  await picker.selectOption('b');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Region b does not answer just now; no account was made. Try again in a moment',
  );
  await expect(page).toHaveURL(/\/customers\/new$/);
  expect(usersNamed(a, away.email)).toEqual([]);
  expect(usersNamed(b, away.email)).toEqual([]);
});
