import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { apiLogin, expect, signInAs, spaGoto, test } from '../fixtures.ts';
import { BillingPages } from '../pages/billing-pages.ts';
import { customerOfInstaller } from '../partner-api.ts';

/** Support → distributor → installer (the distributor's GBP list at 90 %) → a customer with no plan, by the API. */
async function customerWithoutPlan(request: APIRequestContext, support: string, tag: string) {
  const names = { prefix: 'fplan', label: 'first plan', word: 'First', tag };
  const { inst, cust, uid } = await customerOfInstaller(request, support, names);
  return { inst, cust, uid };
}

test.describe('an installer in the UK', () => {
  test.use({ locale: 'en-GB' });
  test('chooses a customer’s first plan; the customer pays its invoice and the plan runs', async ({
    page,
    request,
    accounts,
  }) => {
    test.setTimeout(60_000);
    const tag = Date.now().toString(36);
    const support = await apiLogin(request, accounts.s);
    const { inst, cust, uid } = await customerWithoutPlan(request, support.authToken, tag);

    await signInAs(page, inst, `/customers/${uid}`);
    await expect(
      page.getByText(
        'This customer has no plan yet. Choose their first plan here: they are invoiced, and the plan starts once they pay it from their own plan page.',
      ),
    ).toBeVisible();
    const chooser = page.getByRole('form', { name: 'Choose the first plan' });
    await chooser.getByLabel('Cameras').fill('2');
    // 2 × £2.15 (90 % of £2.39) = £4.30 + 20 % VAT £0.86
    await expect(chooser.getByTestId('price-total')).toHaveText(/^£5\.16/);
    await chooser.getByRole('button', { name: 'Invoice the customer for this plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'invoiced' })).toHaveText(
      '£5.16 for 2 cameras · 2MP · Record on motion · 30 days · Monthly is invoiced to the customer. The plan starts once they pay it from their plan page.',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // The customer, on their plan page: the invoice waits; they pay it and the plan runs.
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, cust, '/manage-plan/plan');
    await expect(page.getByText('Plan: £5.16 due')).toBeVisible();
    await page.getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/payment\?invoice=/);
    await new BillingPages(page).payWith('4242 4242 4242 4242');
    await expect(page).not.toHaveURL(/\/payment/);
    await spaGoto(page, '/manage-plan/plan');
    await expect(new BillingPages(page).planState).toContainText('Active, renews on');
    await expect(page.getByText('2 cameras · 2MP · Record on motion · 30 days · Monthly')).toBeVisible();
    await expect(page.getByText('Plan: £5.16 due')).toHaveCount(0);
  });
});
