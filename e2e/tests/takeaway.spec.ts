import type { Page } from '@playwright/test';
import { postSigned } from '@vigil/simulator';
import { seriousViolations } from '../axe.ts';
import { E2E_PORT } from '../env.ts';
import { type Account, apiLogin } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { OrderPageObject, OrdersPageObject } from '../pages/orders-pages.ts';
import { expect, test } from '../recordings.ts';
import { createTakeawayBrand, TAKEAWAY_HOST } from '../takeaway-brand.ts';

/**
 * The takeaway vendor's end user (spec 000 §1–2, §6; 001 §4; decisions 0840–0842) on a takeaway brand's own host:
 * only orders, dashboard and settings; orders from a point of sale (the simulator's, signing on its own) linked
 * to the till camera's real recording; a dispute won with a note.
 */
const ORIGIN = `http://${TAKEAWAY_HOST}:${E2E_PORT}`;
const WEBHOOK_BASE = `http://127.0.0.1:${E2E_PORT}/takeaway/webhook`;

/** Signs in on the brand's origin (its own local storage), as signInAs does on the default one. */
async function signInOn(page: Page, a: Account, path: string): Promise<void> {
  const login = await apiLogin(page.request, a);
  await page.goto(`${ORIGIN}/permission-levels`);
  await page.getByRole('heading', { name: 'Permission levels' }).waitFor();
  await page.evaluate((l) => {
    localStorage.setItem('login', JSON.stringify(l));
    localStorage.setItem('lastTokenRefresh', String(Date.now()));
  }, login);
  await page.goto(`${ORIGIN}${path}`);
}

test.describe('takeaway vendor', () => {
  test('orders from the point of sale, the till clip beside an order, a dispute won with a note', async ({
    page,
    accounts,
    recordings,
  }) => {
    test.setTimeout(120_000);
    await createTakeawayBrand(page.request);
    const { front } = recordings;
    const [run] = front.runs as [[number, number]];
    const login = await apiLogin(page.request, accounts.u);
    const auth = { authorization: `Bearer ${login.authToken}` };
    const settings = await page.request.put(`/takeaway/${login.uid}/settings`, {
      headers: auth,
      data: { tillCamera: front.uidd },
    });
    expect(settings.status()).toBe(200);
    const secret = (
      await (await page.request.post(`/takeaway/${login.uid}/settings/secret`, { headers: auth })).json()
    ).secret as string;

    // The point of sale: two orders during the recording, one disputed by the customer; a retried delivery.
    const webhook = `${WEBHOOK_BASE}/${login.uid}`;
    const order = (n: number, placedAt: number) => ({
      type: 'order.placed',
      order: {
        orderId: `TILL-${n}`,
        placedAt,
        totalMinor: 1_790,
        currency: 'GBP',
        items: [{ name: 'Chicken tikka masala', quantity: 2, unitPriceMinor: 895 }],
        channel: 'counter',
      },
    });
    expect((await postSigned(webhook, secret, order(1, run[0] + 2_000))).status).toBe(200);
    expect((await postSigned(webhook, secret, order(2, run[0] + 4_000))).status).toBe(200);
    const retried = await postSigned(webhook, secret, order(2, run[0] + 4_000));
    expect([retried.status, retried.replayed]).toEqual([200, true]);
    expect((await postSigned(webhook, 'whsec_not-the-secret', order(3, run[0]))).status).toBe(401);
    const dispute = await postSigned(webhook, secret, {
      type: 'dispute.opened',
      orderId: 'TILL-1',
      reason: 'Customer says one curry was missing',
      openedAt: Date.now(),
    });
    expect(dispute.status).toBe(200);

    // Only orders, dashboard and settings; the root leads a signed-in takeaway user to the orders (000 §2).
    await signInOn(page, accounts.u, '/');
    await expect(page).toHaveURL(`${ORIGIN}/orders`);
    const list = new OrdersPageObject(page);
    await expect(list.heading).toBeVisible();
    const shell = new AppShell(page);
    const entries = await shell.sidebarEntries();
    expect(entries.filter((e) => ['Orders', 'Dashboard', 'Settings'].includes(e))).toEqual([
      'Orders',
      'Dashboard',
      'Settings',
    ]);
    for (const hidden of [
      'Cameras',
      'Events',
      'Playback',
      'Camera groups',
      'Install',
      'Plan',
      'Account',
      'Product updates',
    ])
      expect(entries).not.toContain(hidden);
    await page.goto(`${ORIGIN}/cameras`);
    await expect(shell.notFound).toBeVisible();
    await page.goto(`${ORIGIN}/orders`);

    // The day's orders, newest first; filtered by dispute state.
    await expect(list.rows).toHaveCount(2);
    await expect(list.rows.nth(0)).toContainText('TILL-2');
    await expect(list.rows.nth(0)).toContainText('£17.90');
    await expect(list.rows.nth(1)).toContainText('Open');
    await list.status.selectOption({ label: 'Dispute open' });
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.nth(0)).toContainText('TILL-1');

    // The order beside its clip: the till camera's recording plays (decoded frames).
    await list.open('TILL-1');
    const detail = new OrderPageObject(page);
    await expect(detail.heading('TILL-1')).toBeVisible();
    await expect(page.getByText('Reason: Customer says one curry was missing')).toBeVisible();
    await expect
      .poll(async () => (await detail.player.state()).frames, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await detail.player.expectPlaying();

    // The dispute won, with a note; a decided dispute offers no more moves.
    await expect(detail.disputeState).toHaveText('Open');
    await detail.decide('Mark won', 'The clip shows both curries going into the bag');
    await expect(detail.disputeState).toHaveText('Won');
    await expect(detail.history).toContainText('Open → Won');
    await expect(detail.history).toContainText('The clip shows both curries going into the bag');
    await expect(detail.history).toContainText(accounts.u.email);
    await expect(page.getByText('This dispute is won: it is closed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark lost' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/desktop-takeaway-order.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The dashboard: today's orders and disputes, disputes by state.
    await page.goto(`${ORIGIN}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Takeaway dashboard', level: 1 })).toBeVisible();
    // The last day is today; the bars beside the figures are hidden from the accessibility tree.
    const today = page.getByTestId('orders-per-day').getByRole('row').last();
    await expect(today.getByRole('cell')).toHaveText(['2', '1']);
    await expect(page.getByTestId('dispute-totals')).toHaveText(/Open disputes\s*0\s*Won\s*1\s*Lost\s*0/);
    await page.screenshot({ path: 'test-results/screens/desktop-takeaway-dashboard.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The settings: the till camera and the webhook.
    await page.goto(`${ORIGIN}/settings`);
    await expect(page.getByLabel('Till camera')).toHaveValue(front.uidd);
    await expect(page.getByTestId('webhook-url')).toHaveText(`POST ${ORIGIN}/takeaway/webhook/${login.uid}`);
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone the order screen has no horizontal scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${ORIGIN}/orders`);
    await list.open('TILL-1');
    await expect(detail.heading('TILL-1')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/screens/phone-takeaway-order.png', fullPage: true });
    await page.goto(`${ORIGIN}/orders`);
    await expect(list.rows).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/screens/phone-takeaway-orders.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The smallest phone: no screen scrolls sideways.
    await page.setViewportSize({ width: 360, height: 640 });
    for (const path of ['/orders', '/dashboard', '/settings']) {
      await page.goto(`${ORIGIN}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({
        path: `test-results/screens/small-takeaway${path.replace('/', '-')}.png`,
        fullPage: true,
      });
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)]).toEqual([
        path,
        true,
      ]);
    }
    await page.goto(`${ORIGIN}/orders`);
    await list.open('TILL-1');
    await expect(detail.heading('TILL-1')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  });
});
