import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { apiLogin, expect, signInAs, spaGoto, test } from '../fixtures.ts';
import { BillingPages } from '../pages/billing-pages.ts';

/** Sets the password through the newest e-mailed set-password link (no SMTP here: the outbox), by the API. */
async function acceptByApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const db = new DatabaseSync(join(process.env.E2E_DATA_DIR!, 'vigil.sqlite'), { readOnly: true });
  let link: string | undefined;
  try {
    const row = db
      .prepare(
        "SELECT body_text FROM outbox WHERE to_address = ? AND body_text LIKE '%reset-password%' ORDER BY created_at DESC LIMIT 1",
      )
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

/** POSTs as `token` and answers the JSON, failing on anything but 2xx. */
async function post<T>(request: APIRequestContext, url: string, token: string, data: object): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Support → distributor → installer (the distributor's GBP list at 90 %) → a customer with no plan, by the API. */
async function customerWithoutPlan(request: APIRequestContext, support: string, tag: string) {
  const dist = { email: `fplan-dist-${tag}@e2e.example`, password: 'first plan distributor' };
  const inst = { email: `fplan-inst-${tag}@e2e.example`, password: 'first plan installer' };
  const cust = { email: `fplan-cust-${tag}@e2e.example`, password: 'first plan customer' };
  await post(request, '/partners/distributors', support, {
    company: `First Distribution ${tag}`,
    email: dist.email,
  });
  await acceptByApi(request, dist.email, dist.password);
  const d = (await apiLogin(request, dist)).authToken;
  const { id } = await post<{ id: string }>(request, '/partners/installers', d, {
    company: `First Installers ${tag}`,
    email: inst.email,
  });
  const list = await request.put(`/partners/${id}/price-lists/GBP`, {
    headers: auth(d),
    data: { percent: 90 },
  });
  expect(list.ok()).toBe(true);
  await acceptByApi(request, inst.email, inst.password);
  const i = (await apiLogin(request, inst)).authToken;
  const { uid } = await post<{ uid: string }>(request, '/partners/customers', i, {
    company: `First Customer ${tag}`,
    email: cust.email,
  });
  await acceptByApi(request, cust.email, cust.password);
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
