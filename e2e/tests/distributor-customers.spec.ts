import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { type Simulator, startSimulator } from '@vigil/simulator';
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

/** POSTs as `token` and answers the JSON, failing on anything but 2xx. */
async function post<T>(request: APIRequestContext, url: string, token: string, data: object): Promise<T> {
  const res = await request.post(url, { headers: { ...auth(token), ...UK }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Support → distributor → installer (the distributor's GBP list at 90 %) → customer with a paid plan of 2 cameras
 * and one simulated camera the installer put in. All by the API, as the other partner suites.
 */
async function subtree(request: APIRequestContext, support: string, tag: string, camera: string) {
  const dist = { email: `dview-dist-${tag}@e2e.example`, password: 'distributor view distributor' };
  const inst = { email: `dview-inst-${tag}@e2e.example`, password: 'distributor view installer' };
  const cust = { email: `dview-cust-${tag}@e2e.example`, password: 'distributor view customer' };
  const installer = `View Installers ${tag}`;
  const company = `View Customer ${tag}`;
  await post(request, '/partners/distributors', support, {
    company: `View Distribution ${tag}`,
    email: dist.email,
  });
  await acceptByApi(request, dist.email, dist.password);
  const d = (await apiLogin(request, dist)).authToken;
  const { id } = await post<{ id: string }>(request, '/partners/installers', d, {
    company: installer,
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
    company,
    email: cust.email,
  });
  await acceptByApi(request, cust.email, cust.password);
  const owner = (await apiLogin(request, cust)).authToken;
  const quote = await post<{ id: string }>(request, '/quotes', owner, { plan: TWO, currency: 'GBP' });
  const checkout = await post<{ invoice: { id: string } }>(request, `/account/${uid}/checkout`, owner, {
    quoteId: quote.id,
  });
  await post(request, `/account/${uid}/invoices/${checkout.invoice.id}/pay`, owner, {
    provider: 'test',
    card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
  });
  await post(request, '/cameras', i, { url: camera, owner: uid, name: 'Shop door' });
  return { dist, id, installer, uid, company, owner };
}

let sim: Simulator;
test.beforeAll(async () => {
  // This suite's own ports, apart from the other suites' cameras.
  sim = await startSimulator({ cameras: [{ fps: 10, gopSec: 2 }], portRange: [23280, 23289] });
});
test.afterAll(async () => {
  await sim?.stop();
});

test.describe('a distributor in the UK', () => {
  test.use({ locale: 'en-GB' });
  test('opens an installer’s customer from the installer’s page: cameras and status read only, the plan changed', async ({
    page,
    request,
    accounts,
  }) => {
    test.setTimeout(60_000);
    const tag = Date.now().toString(36);
    const support = await apiLogin(request, accounts.s);
    const { dist, id, installer, uid, company, owner } = await subtree(
      request,
      support.authToken,
      tag,
      sim.cameras[0]!.urls.main,
    );

    await signInAs(page, dist, '/manage');
    await page.getByRole('link', { name: installer }).click();
    await expect(page).toHaveURL(new RegExp(`/installers/${id}$`));
    const customers = page.getByRole('list', { name: 'Customers' });
    await customers.getByRole('link', { name: company }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${uid}$`));

    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    const cameras = page.getByRole('list', { name: 'Cameras' });
    // The camera as its installer sees it: online once the recorder reads it (refreshed like every status list).
    await expect(cameras.getByRole('listitem')).toHaveText(['Shop doorOnline'], { timeout: 30_000 });
    // Read only: installing is the installer's, the installer's share of the price too (decision 0854).
    await expect(page.getByRole('link', { name: 'Install a camera for this customer' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Price', exact: true })).toHaveCount(0);

    const current = page.getByTestId('customer-plan-current');
    await expect(current.getByTestId('customer-plan')).toHaveText(
      '2 cameras · 2MP · Record on motion · 30 days · Monthly',
    );
    // 2 × £2.15 (90 % of £2.39) = £4.30 + 20 % VAT £0.86
    await expect(current.getByTestId('price-total')).toHaveText(/^£5\.16/);
    const chooser = page.getByRole('form', { name: 'Choose a new plan' });
    await chooser.getByLabel('Cameras').fill('3');
    await expect(chooser.getByTestId('price-total')).toHaveText(/^£7\.74/);
    await chooser.getByRole('button', { name: 'Change the customer’s plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Plan changed' })).toHaveText(
      'Plan changed to 3 cameras · 2MP · Record on motion · 30 days · Monthly. £2.58 is due from the customer for the rest of this period.',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // The owner's own reading of its subscription, not the page's.
    const mine = await request.get(`/account/${uid}/subscription`, { headers: auth(owner) });
    const s = ((await mine.json()) as { subscription: { plan: { cameras: number } } }).subscription;
    expect([mine.status(), s.plan.cameras]).toEqual([200, 3]);
  });
});
