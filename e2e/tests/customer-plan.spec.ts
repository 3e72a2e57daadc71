import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';
import { auth, customerOfInstaller, startTwoCameraPlan } from '../partner-api.ts';

/**
 * Support → distributor (its installer's GBP list at 90 %) → installer → customer, all accepted by the API; the
 * customer starts a plan of 2 cameras in GBP itself (quote, checkout, the test card). Returns the installer and
 * the customer's uid and session.
 */
async function customerWithPlan(request: APIRequestContext, support: string, tag: string) {
  const names = { prefix: 'cplan', label: 'customer plan', word: 'Plan', tag };
  const { inst, cust, uid } = await customerOfInstaller(request, support, names);
  const owner = (await apiLogin(request, cust)).authToken;
  await startTwoCameraPlan(request, uid, owner);
  return { inst, uid, owner };
}

test.describe('an installer in the UK', () => {
  // The browser's language places it in the UK, as the customer: prices with 20 % VAT, written as in en-GB.
  test.use({ locale: 'en-GB' });
  test('changes a customer’s plan at the customer’s prices; the page and the owner see the new plan', async ({
    page,
    request,
    accounts,
  }) => {
    test.setTimeout(60_000);
    const tag = Date.now().toString(36);
    const support = await apiLogin(request, accounts.s);
    const { inst, uid, owner } = await customerWithPlan(request, support.authToken, tag);

    await signInAs(page, inst, `/customers/${uid}`);
    const current = page.getByTestId('customer-plan-current');
    await expect(current.getByTestId('customer-plan')).toHaveText(
      '2 cameras · 2MP · Record on motion · 30 days · Monthly',
    );
    // 2 × £2.15 (90 % of £2.39) = £4.30 + 20 % VAT £0.86
    await expect(current.getByTestId('price-total')).toHaveText(/^£5\.16/);

    const chooser = page.getByRole('form', { name: 'Choose a new plan' });
    await expect(chooser.getByRole('button', { name: 'Change the customer’s plan' })).toBeDisabled();
    await chooser.getByLabel('Cameras').fill('3');
    // 3 × £2.15 = £6.45 + £1.29
    await expect(chooser.getByTestId('price-total')).toHaveText(/^£7\.74/);
    await chooser.getByRole('button', { name: 'Change the customer’s plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Plan changed' })).toHaveText(
      'Plan changed to 3 cameras · 2MP · Record on motion · 30 days · Monthly. £2.58 is due from the customer for the rest of this period.',
    );
    await expect(current.getByTestId('customer-plan')).toHaveText(
      '3 cameras · 2MP · Record on motion · 30 days · Monthly',
    );
    await expect(current.getByTestId('price-total')).toHaveText(/^£7\.74/);
    expect(await seriousViolations(page)).toEqual([]);

    // The owner's own reading of its subscription, not the page's.
    const mine = await request.get(`/account/${uid}/subscription`, { headers: auth(owner) });
    const s = (
      (await mine.json()) as { subscription: { plan: { cameras: number }; price: { total: number } } }
    ).subscription;
    expect([mine.status(), s.plan.cameras, s.price.total]).toEqual([200, 3, 7.74]);

    // Cancel (asked first), then reinstate.
    await current.getByRole('button', { name: 'Cancel the customer’s plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the customer’s plan' }).click();
    await expect(current.getByTestId('customer-plan-state')).toHaveText(/^Pending cancellation: ends on /);
    await current.getByRole('button', { name: 'Reinstate the customer’s plan' }).click();
    await expect(current.getByTestId('customer-plan-state')).toHaveText(/^Active, renews on /);
    await expect(page.getByRole('status').filter({ hasText: 'active again' })).toHaveText(
      'The plan is active again.',
    );
    // On a phone the chooser fits without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
