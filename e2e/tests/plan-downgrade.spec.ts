import AxeBuilder from '@axe-core/playwright';
import { freshAccount, insertCameras } from '../accounts-data.ts';
import { expect, signInAs, test } from '../fixtures.ts';
import { BillingPages } from '../pages/billing-pages.ts';

/**
 * A smaller plan is warned about before it is made (decision 0853), on a phone: an owner paying for 5 cameras, all
 * 5 recording to the cloud, asks for 2; the dialog says 3 cameras stop recording, keeps the focus inside, and
 * Cancel keeps the plan of 5 as it was.
 */
test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });
const PLAN = {
  resolution: '2MP',
  mode: 'continuous',
  storageDays: 30,
  interval: 'monthly',
  cameras: 5,
  addons: [],
};

test('a downgrade names the cameras that stop recording; Cancel keeps the plan', async ({ page }) => {
  const owner = await freshAccount(page.request, 'downgrade');
  const login = await signInAs(page, owner, '/permission-levels');
  const auth = { authorization: `Bearer ${login.authToken}` };
  const quote = await page.request.post('/quotes', { headers: auth, data: { plan: PLAN, currency: 'USD' } });
  expect(quote.status(), await quote.text()).toBe(200);
  const checkout = await page.request.post(`/account/${owner.uid}/checkout`, {
    headers: auth,
    data: { quoteId: ((await quote.json()) as { id: string }).id },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const invoice = ((await checkout.json()) as { invoice: { id: string } }).invoice.id;
  const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
  const paid = await page.request.post(`/account/${owner.uid}/invoices/${invoice}/pay`, {
    headers: auth,
    data: { provider: 'test', card },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  insertCameras(owner.uid, ['Gate', 'Yard', 'Shed', 'Porch', 'Drive']);

  await page.goto('/manage-plan/plan');
  await expect(page.getByText('5 cameras · 2MP · Continuous · 30 days · Monthly')).toBeVisible();
  await page.getByRole('link', { name: 'Change plan' }).click();
  const billing = new BillingPages(page);
  await billing.cameras.fill('2');
  await page.getByRole('button', { name: 'Change to this plan' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change to a smaller plan?' });
  const losses = dialog.getByTestId('plan-losses');
  await expect(losses.getByRole('listitem')).toHaveCount(2);
  await expect(losses.getByRole('listitem').first()).toHaveText(
    /^Cameras that stop recording to the cloud: 3 \((\w+, ){2}\w+\)\. Live view still works\.$/,
  );
  await expect(losses.getByRole('listitem').nth(1)).toHaveText('Your plan covers 2 cameras instead of 5.');
  // The dialog itself (what is behind its backdrop is the chooser's, checked elsewhere).
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // The focus stays in the dialog, Cancel first.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/new-pricing$/);

  // Nothing changed: the plan is still for 5 cameras, and all 5 still record.
  const sub = await page.request.get(`/account/${owner.uid}/subscription`, { headers: auth });
  expect(
    ((await sub.json()) as { subscription: { plan: { cameras: number } } }).subscription.plan.cameras,
  ).toBe(5);
  const cams = await page.request.get('/cameras', { headers: auth });
  const list = (await cams.json()) as { name: string; cloudRecordingEnabled: boolean }[];
  expect(list.filter((c) => c.cloudRecordingEnabled).length).toBe(5);
  await page.goto('/manage-plan/plan');
  await expect(page.getByText('5 cameras · 2MP · Continuous · 30 days · Monthly')).toBeVisible();
});
