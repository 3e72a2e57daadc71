import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';

/** Sets the password through the newest e-mailed set-password link (no SMTP here: the outbox), by the API. */
async function acceptByApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const db = new DatabaseSync(join(process.env.E2E_DATA_DIR!, 'vigil.sqlite'), { readOnly: true });
  let link: string | undefined;
  try {
    const row = db
      .prepare('SELECT body_text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1')
      .get(email) as { body_text: string } | undefined;
    link = row?.body_text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  } finally {
    db.close();
  }
  const q = new URL(link!).searchParams;
  const res = await request.get(
    `/resetpassword?${new URLSearchParams({ uid: q.get('uid')!, v: q.get('v')!, newpass: password })}`,
  );
  expect(res.ok()).toBe(true);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const UK = { 'accept-language': 'en-GB' };
const TWO = { resolution: '2MP', mode: 'rom', storageDays: 30, interval: 'monthly', cameras: 2, addons: [] };

/**
 * Support → distributor (its installer's GBP list at 90 %) → installer → customer, all accepted by the API; the
 * customer starts a plan of 2 cameras in GBP itself (quote, checkout, the test card). Returns the installer and
 * the customer's uid and session.
 */
async function customerWithPlan(request: APIRequestContext, support: string, tag: string) {
  const dist = { email: `cplan-dist-${tag}@e2e.example`, password: 'customer plan distributor' };
  const inst = { email: `cplan-inst-${tag}@e2e.example`, password: 'customer plan installer' };
  const cust = { email: `cplan-cust-${tag}@e2e.example`, password: 'customer plan customer' };
  await request.post('/partners/distributors', {
    headers: auth(support),
    data: { company: `Plan Distribution ${tag}`, email: dist.email },
  });
  await acceptByApi(request, dist.email, dist.password);
  const d = await apiLogin(request, dist);
  const made = await request.post('/partners/installers', {
    headers: auth(d.authToken),
    data: { company: `Plan Installers ${tag}`, email: inst.email },
  });
  const installerId = ((await made.json()) as { id: string }).id;
  const list = await request.put(`/partners/${installerId}/price-lists/GBP`, {
    headers: auth(d.authToken),
    data: { percent: 90 },
  });
  expect(list.ok()).toBe(true);
  await acceptByApi(request, inst.email, inst.password);
  const i = await apiLogin(request, inst);
  const c = await request.post('/partners/customers', {
    headers: auth(i.authToken),
    data: { company: `Plan Customer ${tag}`, email: cust.email },
  });
  const uid = ((await c.json()) as { uid: string }).uid;
  await acceptByApi(request, cust.email, cust.password);
  const owner = (await apiLogin(request, cust)).authToken;
  const quote = await request.post('/quotes', {
    headers: { ...auth(owner), ...UK },
    data: { plan: TWO, currency: 'GBP' },
  });
  const checkout = await request.post(`/account/${uid}/checkout`, {
    headers: auth(owner),
    data: { quoteId: ((await quote.json()) as { id: string }).id },
  });
  const invoice = ((await checkout.json()) as { invoice: { id: string } }).invoice.id;
  const paid = await request.post(`/account/${uid}/invoices/${invoice}/pay`, {
    headers: auth(owner),
    data: { provider: 'test', card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' } },
  });
  expect(paid.ok()).toBe(true);
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
