import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';
import { acceptByApi, auth, distributorAndInstaller } from '../partner-api.ts';

test('a distributor sets an installer’s price list within its limits, and resets it', async ({
  page,
  request,
  accounts,
}) => {
  const tag = Date.now().toString(36);
  const dist = { email: `prices-dist-${tag}@e2e.example`, password: 'prices distributor password' };
  const support = await apiLogin(request, accounts.s);
  await request.post('/partners/distributors', {
    headers: auth(support.authToken),
    data: { company: `Prices Distribution ${tag}`, email: dist.email },
  });
  await acceptByApi(request, dist.email, dist.password);
  const d = await apiLogin(request, dist);
  const made = await request.post('/partners/installers', {
    headers: auth(d.authToken),
    data: { company: `Prices Installers ${tag}`, email: `prices-inst-${tag}@e2e.example` },
  });
  expect(made.ok()).toBe(true);

  await signInAs(page, dist, '/manage/price-lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
  await expect(page.getByLabel('Installer')).toHaveValue(((await made.json()) as { id: string }).id);
  await expect(page.getByText('No price lists: the customers pay the default prices.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Set a price list' });
  await form.getByLabel('Currency').selectOption('GBP');
  const share = form.getByLabel(/^Share of the default list/);
  // Below the distributor's cost (70 %): not accepted.
  await share.fill('69');
  await expect(form.getByText('Enter a whole number from 70 to 200.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save price list' })).toBeDisabled();
  // 2.39 × 0.9 = 2.151 → £2.15
  await share.fill('90');
  await expect(page.getByTestId('price-example')).toHaveText(
    'A 2MP camera on motion with 30 days, monthly: £2.15 a month.',
  );
  await form.getByRole('button', { name: 'Save price list' }).click();
  const set = page.getByRole('list', { name: 'Price lists set' });
  await expect(set).toHaveText(/GBP: 90 % of the default list \(£2\.15 a camera a month\)/);
  await set.getByRole('button', { name: 'Use the default prices in GBP' }).click();
  await expect(page.getByText('No price lists: the customers pay the default prices.')).toBeVisible();
});

/** Support makes a distributor, it an installer (both accepted by the API); returns the installer signed in. */
async function installerOfOwn(request: APIRequestContext, support: string, tag: string) {
  const names = { prefix: 'cprice', label: 'customer price', word: 'Customer Price', tag };
  const { inst, installerToken } = await distributorAndInstaller(request, support, names);
  return { inst, token: installerToken };
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('an installer prices one customer: refused below its own list, then set, and the customer pays it', async ({
    page,
    request,
    accounts,
  }) => {
    const tag = Date.now().toString(36);
    const support = await apiLogin(request, accounts.s);
    const { inst, token } = await installerOfOwn(request, support.authToken, tag);
    const cust = { email: `cprice-cust-${tag}@e2e.example`, password: 'customer price customer' };
    const made = await request.post('/partners/customers', {
      headers: { authorization: `Bearer ${token}` },
      data: { company: `Priced Customer ${tag}`, email: cust.email },
    });
    expect(made.ok()).toBe(true);
    const uid = ((await made.json()) as { uid: string }).uid;

    await signInAs(page, inst, `/customers/${uid}`);
    const form = page.getByRole('form', { name: 'Price' });
    await form.getByLabel('Currency').selectOption('GBP');
    const share = form.getByLabel(/^Share of your list/);
    // Below the installer's own list (it has none: the default, £2.39): the server refuses, naming the floor.
    await share.fill('95');
    await form.getByRole('button', { name: 'Save the price' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'This is below your own list: the lowest is 100 % (£2.39 a camera).',
    );
    await expect(page.getByText('This customer pays your list in every currency.')).toBeVisible();
    // 2.39 × 1.1 = 2.629 → £2.63
    await share.fill('110');
    await expect(page.getByTestId('customer-price-example')).toHaveText(
      'A camera (2MP, motion, 30 days, monthly) will cost £2.63 a month.',
    );
    await form.getByRole('button', { name: 'Save the price' }).click();
    const set = page.getByRole('list', { name: 'Prices set for this customer' });
    await expect(set).toHaveText(/GBP: 110 % of your list \(£2\.63 a camera\)/);
    // Kept: the page loaded again shows it (and no button is under the pointer for the contrast check).
    await page.reload();
    await expect(set).toHaveText(/GBP: 110 % of your list \(£2\.63 a camera\)/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect([overflow, await seriousViolations(page)]).toEqual([0, []]);

    // The customer, once it has accepted, is offered that price by the plan chooser.
    await acceptByApi(request, cust.email, cust.password);
    const c = await apiLogin(request, cust);
    const pricing = await request.get('/pricing?currency=GBP', {
      headers: { authorization: `Bearer ${c.authToken}` },
    });
    const plans = ((await pricing.json()) as { plans: PlanRow[] }).plans;
    const fee = plans.find(
      (p) => p.resolution === '2MP' && p.mode === 'rom' && p.storageDays === 30 && p.interval === 'monthly',
    )?.tiers[0]?.fee;
    expect(fee).toBe(2.63);
  });
});

interface PlanRow {
  resolution: string;
  mode: string;
  storageDays: number;
  interval: string;
  tiers: { fee: number }[];
}

test.describe('on a small phone (360 × 640)', () => {
  test.use({ viewport: { width: 360, height: 640 } });
  test('the price lists and consent screens fit without scrolling sideways, and pass axe', async ({
    page,
    accounts,
  }) => {
    test.setTimeout(90_000);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await signInAs(page, accounts.s, '/manage/price-lists');
    await expect(page.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
    expect([await overflow(), await seriousViolations(page)]).toEqual([0, []]);
    await signInAs(page, accounts.u, '/manage-plan/ai-training');
    for (const [path, radio] of [
      ['/manage-plan/ai-training', 'No, do not use my footage'],
      ['/manage-plan/demo-consent', 'No, never show my cameras'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('radio', { name: radio })).toBeVisible();
      expect([path, await overflow(), await seriousViolations(page)]).toEqual([path, 0, []]);
    }
  });
});
