import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import type { SignedIn } from '../../testing/sessions.ts';
import { pricedCustomer, THREE_CAMERAS } from './testing.ts';

const UK = { 'accept-language': 'en-GB' };
const CARD = { provider: 'test', card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' } };

/**
 * Decision 0873: a customer's installer (or the distributor above it) chooses the customer's first plan; it is
 * invoiced to the customer at the customer's prices (the distributor's 90 % list × the installer's 110 % share:
 * 2.37 GBP a camera; 3 cameras 7.11 + 20 % VAT 1.42 = 8.53, worked by hand) and starts when the customer pays it.
 */
describeEachDb('billing: an installer starts its customer’s first plan (decision 0873)', (ctx) => {
  let distA: SignedIn;
  let instA: SignedIn;
  let instB: SignedIn;
  let distB: SignedIn;
  let cust: SignedIn;
  let instACompany: string;

  beforeAll(async () => {
    const t = ctx();
    const made = await pricedCustomer(t);
    ({ distA, distB, instB, cust } = made);
    instA = made.instA.signed;
    instACompany = made.instA.company;
  });

  const call = (who: SignedIn, method: 'GET' | 'PUT' | 'POST', tail: string, payload?: object) =>
    ctx().call({ method, url: `/account/${cust.uid}${tail}`, token: who.token, payload, headers: UK });
  const first = (who: SignedIn) =>
    call(who, 'POST', '/subscription/first', { plan: THREE_CAMERAS, currency: 'GBP' });

  it('invoices the customer for the plan the installer chose; the customer pays and the plan starts', async () => {
    const change = await call(instA, 'PUT', '/subscription', { plan: THREE_CAMERAS });
    expect([change.status, change.json.code]).toEqual([409, 'no_subscription']);
    for (const other of [instB, distB]) expect((await first(other)).status).toBe(403);

    const made = await first(instA);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const inv = made.json.invoice;
    expect([inv.uid, inv.kind, inv.status, inv.plan.cameras, inv.price.currency.code]).toEqual([
      cust.uid,
      'subscription',
      'open',
      3,
      'GBP',
    ]);
    expect([inv.price.subtotal, inv.price.tax, inv.price.total]).toEqual([7.11, 1.42, 8.53]);
    // The owner is told, with the way to pay.
    const mail = await ctx()
      .db.db.selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', cust.email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({
      subject: 'A plan is waiting for you to pay it',
      body_text: `${instACompany} chose a plan for your account: 3 cameras, 8.53 GBP a month, tax included.\n\nIt starts once you pay its invoice on your plan page:\n${ctx().config.publicUrl}/manage-plan/plan\n`,
    });
    // One waits at a time, whoever of the two partners asks again.
    const again = await first(distA);
    expect([again.status, again.json.code]).toEqual([409, 'invoice_open']);
    // Nothing runs before the customer pays, and paying stays the customer's.
    expect((await call(cust, 'GET', '/subscription')).json.subscription).toBeNull();
    expect((await call(instA, 'POST', `/invoices/${inv.id}/pay`, CARD)).status).toBe(403);
    const due = await call(cust, 'GET', '/invoices');
    expect(due.json.invoices.map((i: { id: string; status: string }) => `${i.id} ${i.status}`)).toEqual([
      `${inv.id} open`,
    ]);

    const paid = await call(cust, 'POST', `/invoices/${inv.id}/pay`, CARD);
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const running = (await call(instA, 'GET', '/subscription')).json.subscription;
    expect([running.state, running.plan.cameras, running.price.total]).toEqual(['active', 3, 8.53]);
    const after = await first(instA);
    expect([after.status, after.json.error]).toEqual([
      409,
      'This customer already has a plan: change it instead',
    ]);
  });
});
