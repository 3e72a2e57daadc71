import { type AddressInfo, createServer } from 'node:net';
import { TEST_DB_KINDS } from '@vigil/db/testing';
import { type StripeStandIn, startStripeStandIn, stripeSignatureHeader } from '@vigil/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { withOpenInvoice } from './testing.ts';

// Stripe through the official SDK against the local stand-in (decision 0750), on a real listening server so the
// stand-in's signed webhooks reach it. Ports: free ones the system picks.
const WEBHOOK_SECRET = 'whsec_test_vigil_0123456789';
const CARD = { cardExpiry: '12 / 39', cardCvc: '123' };

/** A self-registered user with an open GBP invoice: 3 × 2.39 = 7.17, VAT 1.43, total 8.60 (860 pence). */
async function withInvoice(t: TestApp, email: string) {
  const { checkout, ...u } = await withOpenInvoice(t, email);
  expect(checkout.provider).toBe('stripe');
  return { ...u, invoiceId: checkout.invoice.id as string };
}

/** What a payer's browser does on the hosted page: submit the card form (redirects not followed). */
const submitCard = (url: string, number: string) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber: number, ...CARD }),
    redirect: 'manual',
  });

const invoiceRow = (t: TestApp, id: string) =>
  t.db.db
    .selectFrom('invoices')
    .select(['status', 'paid_at', 'provider'])
    .where('id', '=', id)
    .executeTakeFirst();

/** A port free now (the server listens on it twice: before and after its restart). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((done) => s.close(done));
  return port;
}

describe.each(TEST_DB_KINDS)('billing: Stripe through the stand-in [%s]', (kind) => {
  let appPort: number;
  let origin: string;
  let t: TestApp;
  let standin: StripeStandIn;
  let env: Record<string, string>;
  const start = async (uid: string, token: string, invoiceId: string) =>
    t.call({ method: 'POST', url: `/account/${uid}/invoices/${invoiceId}/stripe`, token });

  beforeAll(async () => {
    appPort = await freePort();
    origin = `http://127.0.0.1:${appPort}`;
    standin = await startStripeStandIn({
      port: 0,
      webhook: { url: `${origin}/billing/stripe/webhook`, secret: WEBHOOK_SECRET },
      retryDelaysMs: [200, 400, 800, 1600, 3200, 6400],
    });
    env = {
      SELF_REG_INSTALLER_IDS: 'SELF1',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_API_BASE: standin.base,
      STRIPE_SECRET_KEY: standin.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: origin,
      RECORDER_ENABLED: 'false',
    };
    t = await createTestApp(kind, env);
    await t.app.listen({ port: appPort, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.destroy();
    await standin?.close();
  });

  it('a declined card stays on the hosted page; 4242 pays, the webhook settles the invoice; every create has an idempotency key', async () => {
    const u = await withInvoice(t, 'stripe-pays@example.com');
    const first = await start(u.uid, u.token, u.invoiceId);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.url).toMatch(new RegExp(`^${standin.base}/c/pay/cs_test_`));
    // Asked again (a second click, a retry): the same session, and still one customer for the account.
    expect((await start(u.uid, u.token, u.invoiceId)).json.url).toBe(first.json.url);
    const page = await fetch(first.json.url);
    expect(await page.text()).toContain('Pay £8.60');

    const declined = await submitCard(first.json.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    await expect.poll(async () => (await invoiceRow(t, u.invoiceId))?.status).toBe('failed');
    const sessionId = (first.json.url as string).split('/').pop() as string;
    const early = await t.call({
      method: 'POST',
      url: `/account/${u.uid}/invoices/${u.invoiceId}/stripe/confirm`,
      token: u.token,
      payload: { sessionId },
    });
    expect(early.status).toBe(402);
    expect(early.json.code).toBe('payment_not_completed');

    const paid = await submitCard(first.json.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${origin}/payment?invoice=${u.invoiceId}&session_id=${sessionId}`,
    );
    // Back from the page, before or after the webhook: the invoice is paid once, by whichever comes first.
    const back = await t.call({
      method: 'POST',
      url: `/account/${u.uid}/invoices/${u.invoiceId}/stripe/confirm`,
      token: u.token,
      payload: { sessionId },
    });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json.invoice).toMatchObject({ status: 'paid', provider: 'stripe', cardLast4: '4242' });
    expect(back.json.invoice.paidAt).toBe((await invoiceRow(t, u.invoiceId))?.paid_at);
    expect(back.json.subscription).toMatchObject({ state: 'active', provider: 'stripe' });
    const steps = await t.call({ method: 'GET', url: `/account/${u.uid}/selfreg/steps`, token: u.token });
    expect(steps.json.incompleteSelfRegSteps).toEqual([]);
    await expect.poll(async () => (await invoiceRow(t, u.invoiceId))?.status).toBe('paid');

    const creates = standin.requests.filter((r) => r.method === 'POST');
    expect(creates.map((r) => r.path)).toEqual([
      '/v1/customers',
      '/v1/checkout/sessions',
      '/v1/checkout/sessions',
    ]);
    expect(creates.every((r) => r.idempotencyKey)).toBe(true);
    expect([...standin.customers.values()].map((c) => c.email)).toEqual(['stripe-pays@example.com']);
  });

  it('a webhook delivered again acts once; a bad signature, a changed body and an old one are refused', async () => {
    const completed = standin.events.find((e) => e.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed event');
    const invoiceId = (completed.data.object.metadata as { invoiceId: string }).invoiceId;
    const before = await invoiceRow(t, invoiceId);
    expect(await standin.resend(completed.id)).toBe(200);
    expect(await invoiceRow(t, invoiceId)).toEqual(before);
    const handled = await t.db.db
      .selectFrom('stripe_events')
      .select('id')
      .where('id', '=', completed.id)
      .execute();
    expect(handled).toHaveLength(1);

    const body = JSON.stringify(completed);
    const now = Math.floor(Date.now() / 1000);
    const post = (payload: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/billing/stripe/webhook',
        payload,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
      });
    const good = await post(body, stripeSignatureHeader(body, WEBHOOK_SECRET, now));
    expect(good.json()).toEqual({ received: true, duplicate: true });
    for (const [payload, signature] of [
      [body, stripeSignatureHeader(body, 'whsec_someone_else_000000', now)],
      [body.replace('"paid"', '"unpaid"'), stripeSignatureHeader(body, WEBHOOK_SECRET, now)],
      [body, stripeSignatureHeader(body, WEBHOOK_SECRET, now - 600)],
      [body, undefined],
    ] as const) {
      const res = await post(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('signature_invalid');
    }
  });

  it('asks for authentication with 4000 0025 0000 3155: failing it declines, completing it pays', async () => {
    const u = await withInvoice(t, 'stripe-3ds@example.com');
    // The card form is not this server's way: cards never reach it.
    const form = await t.call({
      method: 'POST',
      url: `/account/${u.uid}/invoices/${u.invoiceId}/pay`,
      token: u.token,
      payload: { provider: 'test', card: { number: '4242424242424242', expiry: '12/39', cvc: '123' } },
    });
    expect(form.status).toBe(409);
    expect(form.json.code).toBe('hosted_checkout');
    const { url } = (await start(u.uid, u.token, u.invoiceId)).json as { url: string };
    const ask = await submitCard(url, '4000002500003155');
    expect(await ask.text()).toContain('Authenticate your payment');
    const authenticate = (outcome: string) =>
      fetch(`${url}/authenticate`, {
        method: 'POST',
        body: new URLSearchParams({ outcome }),
        redirect: 'manual',
      });
    expect((await authenticate('fail')).status).toBe(402);
    await submitCard(url, '4000002500003155');
    expect((await authenticate('complete')).status).toBe(303);
    await expect.poll(async () => (await invoiceRow(t, u.invoiceId))?.status).toBe('paid');
    const paid = await t.call({
      method: 'GET',
      url: `/account/${u.uid}/invoices/${u.invoiceId}`,
      token: u.token,
    });
    expect(paid.json.cardLast4).toBe('3155');
  });

  it('a payment whose webhook came while the server was down is settled when it is back', async () => {
    const u = await withInvoice(t, 'stripe-restart@example.com');
    const { url } = (await start(u.uid, u.token, u.invoiceId)).json as { url: string };
    await t.app.close();
    expect((await submitCard(url, '4242424242424242')).status).toBe(303);
    const sessionId = url.split('/').pop();
    const event = standin.events.find(
      (e) => e.type === 'checkout.session.completed' && e.data.object.id === sessionId,
    );
    await expect
      .poll(() => standin.deliveries.filter((d) => d.eventId === event?.id).length)
      .toBeGreaterThan(0);
    expect(standin.deliveries.find((d) => d.eventId === event?.id)?.status).toBe(0);
    expect((await invoiceRow(t, u.invoiceId))?.status).toBe('open');

    // The server starts again on the same database; the provider's next attempt settles the invoice.
    t.app = await buildApp({ config: t.config, database: t.db, now: t.clock.now, logger: false });
    await t.app.listen({ port: appPort, host: '127.0.0.1' });
    await expect
      .poll(async () => (await invoiceRow(t, u.invoiceId))?.status, { timeout: 20_000 })
      .toBe('paid');
    await expect
      .poll(() => standin.deliveries.filter((d) => d.eventId === event?.id).at(-1)?.status)
      .toBe(200);
  });
});
