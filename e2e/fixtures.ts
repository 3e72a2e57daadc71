import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type APIRequestContext, test as base, expect as baseExpect, type Page } from '@playwright/test';
import type { AccountType, LoginResult } from '@vigil/contracts';
import { E2E_SELF_REG_INSTALLER_ID, E2E_SUPPORT_EMAIL, E2E_SUPPORT_PASSWORD } from './env.ts';

export interface Account {
  email: string;
  password: string;
}

export type Accounts = Record<AccountType, Account> & { selfReg: Account };

/** Registers an account through the API and confirms its e-mail (as the outbox shows it). */
export async function register(request: APIRequestContext, body: Record<string, unknown>): Promise<void> {
  const res = await request.post('/account/register?caller=web', { data: { caller: 'web', ...body } });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  await confirmEmail(request, String(body.email));
}

/** The confirmation link e-mailed at registration (no SMTP here: the outbox), as a path with its query. */
export function confirmationPath(email: string): string | undefined {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new DatabaseSync(join(dataDir, 'vigil.sqlite'), { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const row = db
      .prepare(
        "SELECT body_text FROM outbox WHERE to_address = ? AND subject = 'Confirm your e-mail address' ORDER BY created_at DESC LIMIT 1",
      )
      .get(email) as { body_text: string } | undefined;
    const link = row?.body_text.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0];
    if (!link) return undefined;
    const url = new URL(link);
    return url.pathname + url.search;
  } finally {
    db.close();
  }
}

/** Subjects of every e-mail written to the outbox for this address, oldest first. */
export function outboxSubjects(email: string): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new DatabaseSync(join(dataDir, 'vigil.sqlite'), { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const rows = db
      .prepare('SELECT subject FROM outbox WHERE to_address = ? ORDER BY created_at')
      .all(email) as { subject: string }[];
    return rows.map((r) => r.subject);
  } finally {
    db.close();
  }
}

/**
 * Confirms a just-registered address as its owner would, with the e-mailed link (decision 0009): the fixture
 * accounts add cameras and invite people, which an unconfirmed account may not.
 */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  // The e-mail is written just after the registration's answer.
  await baseExpect.poll(() => confirmationPath(email)).toBeTruthy();
  const q = new URL(confirmationPath(email)!, 'http://x').searchParams;
  const res = await request.post('/account/verify-email', { data: { uid: q.get('uid'), v: q.get('v') } });
  if (!res.ok()) throw new Error(`e-mail confirmation failed: ${res.status()} ${await res.text()}`);
}

/**
 * One account of each type per worker, made through the real API. Distributors cannot sign up, so one installer
 * is promoted in the server's database (the only fixture that touches it directly).
 */
async function createAccounts(request: APIRequestContext): Promise<Accounts> {
  const tag = randomBytes(4).toString('hex');
  const make = (name: string): Account => ({
    email: `${name}-${tag}@e2e.example`,
    password: `${name} password ${tag}`,
  });
  const accounts: Accounts = {
    u: make('enduser'),
    i: make('installer'),
    d: make('distributor'),
    s: { email: E2E_SUPPORT_EMAIL, password: E2E_SUPPORT_PASSWORD },
    selfReg: make('selfreg'),
  };
  await register(request, { ...accounts.u, subscriberType: 'enduser' });
  await register(request, { ...accounts.i, subscriberType: 'installer' });
  await register(request, { ...accounts.d, subscriberType: 'installer' });
  await register(request, {
    ...accounts.selfReg,
    subscriberType: 'enduser',
    installerid: E2E_SELF_REG_INSTALLER_ID,
  });
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new DatabaseSync(join(dataDir, 'vigil.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare("UPDATE users SET account_type = 'd' WHERE email = ?").run(accounts.d.email);
  } finally {
    db.close();
  }
  return accounts;
}

/** Signs in through the API (the sign-in screen has its own tests) and returns the login result. */
export async function apiLogin(request: APIRequestContext, a: Account): Promise<LoginResult> {
  const res = await request.post('/login?rememberme=true', {
    data: { email: a.email, password: a.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as LoginResult;
}

/** Puts a fresh login into the page's storage, as signing in would, then opens `path`. */
export async function signInAs(page: Page, a: Account, path = '/'): Promise<LoginResult> {
  const login = await apiLogin(page.request, a);
  await page.goto('/permission-levels');
  // Wait for the app to have started, so its own session check cannot write over the login put here.
  await page.getByRole('heading', { name: 'Permission levels' }).waitFor();
  await page.evaluate((l) => {
    localStorage.setItem('login', JSON.stringify(l));
    localStorage.setItem('lastTokenRefresh', String(Date.now()));
  }, login);
  await page.goto(path);
  return login;
}

/**
 * Client-side navigation, as a link click would do it, without reloading the app (fast enough to walk the whole
 * route table).
 */
export async function spaGoto(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A browser console line that reports a Content-Security-Policy violation (Chromium's wording). */
const CSP_VIOLATION = /Content Security Policy|Content-Security-Policy/i;

export const test = base.extend<{ cspViolations: string[] }, { accounts: Accounts }>({
  // Every test's page reports its CSP violations; any at all fails the test (decision 0014): the app must work
  // under the policy the server sends. A test that provokes one on purpose empties the list itself.
  cspViolations: [
    async ({ page }, use) => {
      const seen: string[] = [];
      page.on('console', (m) => {
        if (CSP_VIOLATION.test(m.text())) seen.push(m.text());
      });
      await use(seen);
      base.expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  accounts: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await createAccounts(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
