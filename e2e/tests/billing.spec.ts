import { E2E_SELF_REG_INSTALLER_ID } from '../env.ts';
import { apiLogin, expect, signInAs, spaGoto, test } from '../fixtures.ts';
import { BillingPages } from '../pages/billing-pages.ts';
import { RegisterPage } from '../pages/register-page.ts';

// The browser says en-US: the embedded geolocation reads the US, so prices are in USD without tax (decision 0740).
test.use({ locale: 'en-US' });

test('a new self-registered user chooses a plan, is declined, pays with the test provider and lands in the app', async ({
  page,
}) => {
  const reg = new RegisterPage(page);
  const billing = new BillingPages(page);
  await reg.open(`?installerid=${E2E_SELF_REG_INSTALLER_ID}`);
  await reg.register(`payer-${Date.now()}@e2e.example`, 'twelve chars');
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Get started' })).toBeVisible();
  await expect(billing.signOut).toBeVisible();

  // The default plan: 30 days, tagged Popular; one camera at the spec's USD 2.99.
  await expect(page.getByRole('radio', { name: '30 days Popular' })).toBeChecked();
  await expect(billing.total).toHaveText('$2.99 per month');
  await billing.cameras.fill('2');
  await expect(billing.total).toHaveText('$5.98 per month');
  await page.getByRole('radio', { name: 'Yearly' }).check();
  // 2 × 2.99 × 12 less 10 % = 2 × 32.29
  await expect(billing.total).toHaveText('$64.58 per year');
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await billing.continueToPayment.click();

  await expect(page).toHaveURL(/\/payment\?invoice=/);
  await expect(page.getByTestId('test-provider-notice')).toContainText('no money moves');
  await billing.payWith('4000 0000 0000 0002');
  await expect(billing.error).toHaveText('Your card was declined.');
  await billing.payWith('4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/app-register-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are all set' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the app' }).click();
  await expect(page).toHaveURL(/\/cameras$/);

  // The plan page: active; a change to 3 cameras; cancel → pending cancellation → reinstate.
  await spaGoto(page, '/manage-plan/plan');
  await expect(billing.planState).toContainText('Active, renews on');
  await expect(page.getByText('2 cameras · 2MP · Record on motion · 30 days · Monthly')).toBeVisible();
  await page.getByRole('link', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(/\/new-pricing$/);
  await billing.cameras.fill('3');
  await expect(billing.total).toHaveText('$8.97 per month');
  await page.getByRole('button', { name: 'Change to this plan' }).click();
  await expect(page).toHaveURL(/\/manage-plan\/plan$/);
  await expect(page.getByText('3 cameras · 2MP · Record on motion · 30 days · Monthly')).toBeVisible();
  // The rest of the period at the new price (3 × 2.99 − 2 × 2.99, nearly the whole month left) is due now.
  await expect(page.getByText('Plan change: $2.99 due')).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/payment\?invoice=/);
  await billing.payWith('4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/manage-plan\/plan$/);
  await expect(billing.planState).toContainText('Active, renews on');
  await expect(page.getByText('Plan change: $2.99 due')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel plan' }).click();
  await expect(billing.planState).toContainText('Pending cancellation: ends on');
  await page.getByRole('button', { name: 'Reinstate plan' }).click();
  await expect(billing.planState).toContainText('Active, renews on');
});

test('a self-registered user who has not paid can always sign out', async ({ page, accounts }) => {
  await signInAs(page, accounts.selfReg, '/cameras');
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
  await new BillingPages(page).signOut.click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a quote sent to someone without an account: they open it, sign up, and accept it by paying', async ({
  page,
  request,
  accounts,
}) => {
  // Someone else prices a plan (as a partner would for a new customer) and sends the link.
  const maker = await apiLogin(request, accounts.u);
  const plan = {
    resolution: '4MP',
    mode: 'continuous',
    storageDays: 90,
    interval: 'monthly',
    cameras: 4,
    addons: [],
  };
  const made = await request.post('/quotes', {
    headers: { authorization: `Bearer ${maker.authToken}` },
    data: { plan, currency: 'USD' },
  });
  const quote = (await made.json()) as { id: string };

  await page.goto(`/quote/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  await expect(page.getByText('4 cameras · 4MP · Continuous · 90 days · Monthly')).toBeVisible();
  // 2.99 × 1.4 × 1.5 × 2 = 12.558 → 12.56 a camera; × 4
  const billing = new BillingPages(page);
  await expect(billing.total).toHaveText('$50.24 per month');

  const reg = new RegisterPage(page);
  await reg.open(`?installerid=${E2E_SELF_REG_INSTALLER_ID}`);
  await reg.register(`quoted-${Date.now()}@e2e.example`, 'twelve chars');
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
  await page.getByRole('link', { name: 'Continue with the quote you were sent' }).click();
  await page.getByRole('button', { name: 'Accept and pay' }).click();
  await expect(page).toHaveURL(/\/payment\?invoice=/);
  await billing.payWith('4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/app-register-success$/);
  await spaGoto(page, '/manage-plan/plan');
  await expect(page.getByText('4 cameras · 4MP · Continuous · 90 days · Monthly')).toBeVisible();
});

test.describe('in the United Kingdom', () => {
  test.use({ locale: 'en-GB' });
  test('prices are in pounds with VAT, and the currency can be switched', async ({ page, accounts }) => {
    const billing = new BillingPages(page);
    await signInAs(page, accounts.u, '/new-pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await billing.cameras.fill('2');
    // 2 × 2.39 = 4.78, VAT 20 % = 0.96
    await expect(billing.total).toHaveText('£5.74 per month');
    await page.getByLabel('Currency').selectOption('EUR');
    // 2 × 2.79 = 5.58, VAT 20 % = 1.12 (the visitor is still in the UK)
    await expect(billing.total).toHaveText('€6.70 per month');
  });
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('/get-started fits the screen, with its way on and its way out', async ({ page, accounts }) => {
    await signInAs(page, accounts.selfReg, '/cameras');
    await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
    const billing = new BillingPages(page);
    await expect(billing.continueToPayment).toBeVisible();
    await expect(billing.signOut).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // The plan chooser works from the keyboard: the storage choices are one radio group.
    await page.getByRole('radio', { name: '30 days Popular' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
  });
});
