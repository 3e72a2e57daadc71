import type { APIRequestContext } from '@playwright/test';
import { type Simulator, startSimulator } from '@vigil/simulator';
import { seriousViolations } from '../axe.ts';
import { apiLogin, expect, signInAs, test } from '../fixtures.ts';
import { auth, customerOfInstaller, post, startTwoCameraPlan, UK } from '../partner-api.ts';

/**
 * Support → distributor → installer (the distributor's GBP list at 90 %) → customer with a paid plan of 2 cameras
 * and one simulated camera the installer put in. All by the API, as the other partner suites.
 */
async function subtree(request: APIRequestContext, support: string, tag: string, camera: string) {
  const names = { prefix: 'dview', label: 'distributor view', word: 'View', tag, headers: UK };
  const {
    dist,
    id,
    installer,
    installerToken: i,
    uid,
    cust,
    company,
  } = await customerOfInstaller(request, support, names);
  const owner = (await apiLogin(request, cust)).authToken;
  await startTwoCameraPlan(request, uid, owner);
  await post(request, '/cameras', i, { url: camera, owner: uid, name: 'Shop door' }, UK);
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
