import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
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

test('a distributor sets an installer’s price list within its limits, and resets it', async ({
  page,
  request,
  accounts,
}) => {
  const tag = Date.now().toString(36);
  const dist = { email: `prices-dist-${tag}@e2e.example`, password: 'prices distributor password' };
  const support = await apiLogin(request, accounts.s);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
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

/** axe-core's serious and critical WCAG 2.1 A/AA findings, as the accessibility suite counts them (a11y.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
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
