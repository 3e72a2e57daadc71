import { execFileSync } from 'node:child_process';
import { makeEndUserPro } from '../accounts-data.ts';
import { E2E_SELF_REG_INSTALLER_ID } from '../env.ts';
import { expect, signInAs, test } from '../fixtures.ts';
import { BillingPages } from '../pages/billing-pages.ts';
import { RegisterPage } from '../pages/register-page.ts';

// en-US: the embedded geolocation reads the US, so the plan is in USD without tax (decision 0740).
test.use({ locale: 'en-US' });

test('a new user pays with PayPal (the stand-in), then reads the invoice as a PDF on the billing page', async ({
  page,
}, testInfo) => {
  const account = { email: `paypal-${Date.now()}@e2e.example`, password: 'twelve chars' };
  const reg = new RegisterPage(page);
  const billing = new BillingPages(page);
  await reg.open(`?installerid=${E2E_SELF_REG_INSTALLER_ID}`);
  await reg.register(account.email, account.password);
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
  await expect(billing.total).toHaveText('$2.99 per month');
  await billing.continueToPayment.click();
  await expect(page).toHaveURL(/\/payment\?invoice=/);

  // PayPal's approval is skipped by the stand-in: straight back to /paypal-confirm with its token (decision 0745).
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page).toHaveURL(/\/paypal-confirm\?invoice=[^&]+&token=STANDIN-/);
  await expect(page.getByRole('heading', { level: 1, name: 'PayPal confirmation' })).toBeVisible();
  await expect(billing.total).toHaveText('$2.99 per month');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/app-register-success$/);

  // The billing page is for end-user-pro accounts (spec 000 §2): this one becomes one, then signs in again.
  makeEndUserPro(account.email);
  await signInAs(page, account, '/manage-plan/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByTestId('payment-method')).toHaveText('PayPal');
  const row = page.getByRole('row').filter({ hasText: 'Plan' });
  await expect(row).toContainText('$2.99');
  await expect(row).toContainText('Paid');
  const number = (await row.getByRole('rowheader').textContent()) ?? '';
  expect(number).toMatch(/^INV-\d{6}$/);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download invoice ${number} as PDF` }).click();
  const file = testInfo.outputPath('invoice.pdf');
  await (await download).saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Invoice ${number}`);
  expect(text).toContain(account.email);
  expect(text).toMatch(/Cameras\s+1\s+USD 2\.99\s+USD 2\.99/);
  expect(text).toMatch(/Tax 0%\s+USD 0\.00/);
  expect(text).toMatch(/Total \(USD\)\s+USD 2\.99/);
});

test('the account consents to AI training and keeps partner demos off, and the choices stay', async ({
  page,
  accounts,
}) => {
  await signInAs(page, accounts.u, '/manage-plan/ai-training');
  await expect(page.getByRole('heading', { level: 1, name: 'AI training' })).toBeVisible();
  const group = page.getByRole('group', { name: 'May we use your footage to train our models?' });
  await group.getByRole('radio', { name: 'Yes, use my footage for model training' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your choice is saved.');

  await page.goto('/manage-plan/demo-consent');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo consent' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'No, never show my cameras' })).toBeChecked();

  await page.goto('/manage-plan/ai-training');
  await expect(page.getByRole('radio', { name: 'Yes, use my footage for model training' })).toBeChecked();
  await page.getByRole('radio', { name: 'No, do not use my footage' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your choice is saved.');
});
