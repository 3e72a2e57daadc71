import type { Page } from '@playwright/test';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { expect, test } from '../fixtures.ts';
import { resetLinkFor } from '../outbox.ts';
import { InstallPage } from '../pages/install-page.ts';
import { PortalPage } from '../pages/portal-page.ts';
import { SignInPage } from '../pages/sign-in-page.ts';

/** Opens the e-mailed invitation, chooses a password, and signs in with it from the sign-in page. */
async function acceptAndSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect.poll(() => resetLinkFor(email)).toBeTruthy();
  const link = new URL(resetLinkFor(email)!);
  await page.context().clearCookies();
  await page.goto('/permission-levels');
  await page.evaluate(() => localStorage.clear());
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(email, password);
}

// Each test goes on from what the one before made (the accounts named by one tag): after a failure, the rest
// would only fail again under a new tag, so they are skipped instead.
test.describe.configure({ mode: 'serial' });

let sim: Simulator;
test.beforeAll(async () => {
  // This suite's own ports, apart from the other suites' cameras.
  sim = await startSimulator({ cameras: [{ fps: 10, gopSec: 2 }], portRange: [18730, 18739] });
});
test.afterAll(async () => {
  await sim?.stop();
});

const tag = `${Date.now().toString(36)}`;
const dist = { company: `North Distribution ${tag}`, email: `north-${tag}@e2e.example` };
const inst = { company: `Fit Installers ${tag}`, email: `fit-${tag}@e2e.example` };
const cust = { company: `Corner Bakery ${tag}`, email: `bakery-${tag}@e2e.example` };

test('support makes a distributor, who makes an installer, who makes a customer; the customer sees who', async ({
  page,
  accounts,
}) => {
  test.setTimeout(150_000);
  const portal = new PortalPage(page);
  // Support: signing in sends a partner or support account to the portal (spec 000 §2's redirect order).
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(accounts.s.email, accounts.s.password);
  await expect(page).toHaveURL(/\/manage$/);
  await expect(portal.heading).toBeVisible();
  await portal.create('New distributor', dist.company, dist.email);
  await expect(portal.status('New distributor')).toContainText(`${dist.email} has been sent an invitation`);
  await expect(page.getByRole('list', { name: 'Distributors' })).toContainText(dist.company);

  // The distributor accepts, lands on the portal and makes an installer.
  await acceptAndSignIn(page, dist.email, 'north distribution password');
  await expect(page).toHaveURL(/\/manage$/);
  await portal.create('New installer', inst.company, inst.email);
  const installers = page.getByRole('list', { name: 'Installers' });
  await expect(installers).toContainText(inst.company);
  await expect(installers).toContainText('Customers: 0');
  // The installer has not accepted yet: the distributor sends the invitation again.
  const newInstaller = installers.getByRole('listitem').filter({ hasText: inst.company });
  await expect(newInstaller).toContainText('Invitation sent');
  await newInstaller.getByRole('button', { name: `Resend invitation: ${inst.company}` }).click();
  await expect(newInstaller.getByRole('button', { name: `Resend invitation: ${inst.company}` })).toHaveText(
    'Invitation sent again',
  );
  // The same company again: the spec's manager account error, below the form.
  await portal.create('New installer', inst.company.toUpperCase(), `other-${inst.email}`);
  await expect(portal.error('New installer')).toContainText('company name already exists');

  // The installer accepts and makes a customer.
  await acceptAndSignIn(page, inst.email, 'fit installers password');
  await expect(page).toHaveURL(/\/manage$/);
  await page.getByRole('link', { name: 'New customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New customer' })).toBeVisible();
  await new PortalPage(page).create('Create', cust.company, cust.email);
  await expect(page).toHaveURL(/\/customers\/[A-Za-z0-9]+$/);
  // The plan section below has its own (quiet) status: the one that says what was made is the one to read.
  await expect(page.getByRole('status').filter({ hasText: 'has been sent an invitation' })).toContainText(
    `${cust.email} has been sent an invitation`,
  );
  await expect(page.getByRole('heading', { name: cust.company })).toBeVisible();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscription and price' })).toBeVisible();

  // The customer accepts; their account's activity names the installer that made it.
  await acceptAndSignIn(page, cust.email, 'corner bakery password');
  await expect(page).toHaveURL(/\/cameras$/);
  await page.goto('/account');
  const activity = page.getByRole('list', { name: 'Recent activity on your account' });
  await expect(activity).toContainText(`Account created by ${inst.company}`);
  await expect(activity).toContainText(`by ${inst.email}`);

  // Back as the installer: the customer is active; the installer installs a camera for them and sees it online.
  await page.evaluate(() => localStorage.clear());
  await signIn.open();
  await signIn.signIn(inst.email, 'fit installers password');
  const customers = page.getByRole('list', { name: 'Customers' });
  await expect(customers.getByRole('listitem').filter({ hasText: cust.company })).toContainText('Active');
  await customers.getByRole('link', { name: cust.company }).click();
  const customerPage = page.url();
  await page.getByRole('link', { name: 'Install a camera for this customer' }).click();
  const install = new InstallPage(page);
  await install.add(sim.cameras[0]!.urls.main, 'Bakery till');
  await expect(install.added).toContainText('Bakery till was added', { timeout: 20_000 });
  await page.goto(new URL(customerPage).pathname);
  const cameras = page.getByRole('list', { name: 'Cameras' });
  await expect(cameras.getByRole('listitem').filter({ hasText: 'Bakery till' })).toContainText('Online', {
    timeout: 30_000,
  });

  // The customer reads in their account's activity that their installer put the camera in.
  await page.evaluate(() => localStorage.clear());
  await signIn.open();
  await signIn.signIn(cust.email, 'corner bakery password');
  await expect(page).toHaveURL(/\/cameras$/);
  await page.goto('/account');
  const installed = page.getByRole('list', { name: 'Recent activity on your account' }).getByRole('listitem');
  await expect(installed.filter({ hasText: 'Camera Bakery till installed' })).toContainText(
    `by ${inst.email}`,
  );
});

test('support finds the customer, sends a password reset, and the customer sees it', async ({
  page,
  accounts,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(accounts.s.email, accounts.s.password);
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/support');
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(`bakery-${tag}`);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: cust.email }).click();
  await expect(page.getByRole('heading', { level: 2, name: cust.email })).toBeVisible();
  await page.getByRole('button', { name: 'Send a password reset' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done:' })).toContainText(
    'Done: Send a password reset.',
  );
  await expect.poll(() => resetLinkFor(cust.email)).toMatch(/reset-password/);

  await page.evaluate(() => localStorage.clear());
  await signIn.open();
  // The password is unchanged: support starts a reset, never sets one.
  await signIn.signIn(cust.email, 'corner bakery password');
  await expect(page).toHaveURL(/\/cameras$/);
  await page.goto('/account');
  await expect(page.getByRole('list', { name: 'Recent activity on your account' })).toContainText(
    'Support: Send a password reset',
  );
});

test('support reads the health screen: database, storage and the slowest endpoints', async ({
  page,
  accounts,
}) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(accounts.s.email, accounts.s.password);
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/health');
  await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
  await expect(page.getByText('sqlite · up')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recordings disk' })).toBeVisible();
  const endpoints = page.getByRole('table');
  await expect(endpoints.getByRole('columnheader', { name: 'p99' })).toBeVisible();
  // Which endpoints are slowest depends on everything the shared server answered: each row names an API route
  // (its method and path pattern) with its times, and the web app's files are not among them.
  const rows = endpoints.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const [endpoint, p50, p99] = await row.getByRole('cell').allTextContents();
    expect(endpoint).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \//);
    expect(endpoint).not.toMatch(/^GET \/assets\//);
    expect([p50, p99]).toEqual([expect.stringMatching(/ ms$/), expect.stringMatching(/ ms$/)]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the installer’s portal fits the screen', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(inst.email, 'fit installers password');
    await expect(page.getByRole('list', { name: 'Customers' })).toContainText(cust.company);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: cust.company }).click();
    await expect(page.getByRole('heading', { name: cust.company })).toBeVisible();
  });
});
