import { expect, test } from '@playwright/test';
import { type StripeStandIn, startStripeStandIn } from '@vigil/simulator';
import { fitsAndPassesAxe, PHONES } from '../axe.ts';
import { E2E_PORT, E2E_SELF_REG_INSTALLER_ID } from '../env.ts';
import { OWN_SERVER_HOOK_MS, startOwnServer, stopOwnServers } from '../own-server.ts';
import { BillingPages } from '../pages/billing-pages.ts';
import { HostedCheckoutPage } from '../pages/hosted-checkout-page.ts';
import { RegisterPage } from '../pages/register-page.ts';

// Paying with Stripe needs a server whose provider is Stripe (PAYMENT_PROVIDER=stripe): this file starts its own
// (the real server, as `npm start` does, on a fresh data directory: e2e/own-server.ts) beside the local Stripe
// stand-in, whose hosted page the payer types the card on (decision 0750). Ports: the stand-in at E2E_PORT+70, this
// server at E2E_PORT+80.
const STANDIN_PORT = E2E_PORT + 70;
const PORT = E2E_PORT + 80;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WEBHOOK_SECRET = 'whsec_e2e_stripe_standin_0123';

let standin: StripeStandIn;

test.use({ baseURL: ORIGIN, locale: 'en-US' });

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_HOOK_MS);
  standin = await startStripeStandIn({
    port: STANDIN_PORT,
    webhook: { url: `${ORIGIN}/billing/stripe/webhook`, secret: WEBHOOK_SECRET },
  });
  await startOwnServer('e2e-stripe', PORT, {
    SUPPORT_PASSWORD: 'stripe e2e support password',
    SELF_REG_INSTALLER_IDS: E2E_SELF_REG_INSTALLER_ID,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_BASE: standin.base,
    STRIPE_SECRET_KEY: standin.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});

test.afterAll(async () => {
  await stopOwnServers();
  await standin?.close();
});

test('a new user pays on the hosted page: a declined card says so, 4242 pays and comes back done', async ({
  page,
}) => {
  // Two sites, two accessibility scans and a payment's round trips: more than the default on a loaded machine.
  test.setTimeout(60_000);
  const email = `stripe-${Date.now()}@e2e.example`;
  const reg = new RegisterPage(page);
  const billing = new BillingPages(page);
  await reg.open(`?installerid=${E2E_SELF_REG_INSTALLER_ID}`);
  await reg.register(email, 'twelve chars');
  await expect(page).toHaveURL(/\/get-started\?type=enduser$/);
  await expect(billing.total).toHaveText('$2.99 per month');
  await billing.continueToPayment.click();
  await expect(page).toHaveURL(/\/payment\?invoice=/);

  // The card is not typed in the app: "Pay by card" goes to the provider's page, on its own origin.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeVisible();
  await fitsAndPassesAxe(page, [PHONES[0]]);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(new RegExp(`^${standin.base}/c/pay/cs_test_`));
  const checkout = new HostedCheckoutPage(page);
  await expect(checkout.heading).toHaveText('Pay $2.99');
  await checkout.pay('4000 0000 0000 0002', '$2.99');
  await expect(checkout.error).toHaveText('Your card was declined.');
  await fitsAndPassesAxe(page, [PHONES[0]]);

  await checkout.pay('4242 4242 4242 4242', '$2.99');
  await expect(page).toHaveURL(/\/app-register-success$/);
  const login = await (
    await page.request.post('/login', { data: { email, password: 'twelve chars' } })
  ).json();
  const res = await page.request.get(`/account/${login.uid}/invoices`, {
    headers: { authorization: `Bearer ${login.authToken}` },
  });
  const { invoices } = await res.json();
  expect(invoices).toHaveLength(1);
  expect(invoices[0]).toMatchObject({ status: 'paid', provider: 'stripe' });
  // The provider's webhook came too; it found the invoice already paid by the return (or paid it first). Delivered
  // again (a retry), it is answered and changes nothing.
  await expect
    .poll(() => standin.events.filter((e) => e.type === 'checkout.session.completed').length)
    .toBe(1);
  const completed = standin.events.find((e) => e.type === 'checkout.session.completed');
  expect(await standin.resend(completed?.id ?? '')).toBe(200);
  const again = await page.request.get(`/account/${login.uid}/invoices`, {
    headers: { authorization: `Bearer ${login.authToken}` },
  });
  expect((await again.json()).invoices).toEqual(invoices);
});
