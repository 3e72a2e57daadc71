import { expect } from 'vitest';
import type { TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { invited } from '../partners/testing.ts';

export const SELF_REG_PASSWORD = 'a long enough passphrase';
/** A request from the UK: prices in GBP with 20 % VAT. */
const UK = { 'accept-language': 'en-GB' };

/** A self-registered end user (installer SELF1), signed in: the account the payment step is for. */
export async function selfRegistered(t: TestApp, email: string) {
  const reg = await t.call({
    method: 'POST',
    url: '/account/register',
    payload: { email, password: SELF_REG_PASSWORD, installerId: 'SELF1', type: 'enduser' },
  });
  expect(reg.status, JSON.stringify(reg.json)).toBe(200);
  const login = await t.call({
    method: 'POST',
    url: '/login',
    payload: { email, password: SELF_REG_PASSWORD },
  });
  return { uid: login.json.uid as string, token: login.json.authToken as string, login: login.json };
}

/** The plan `subscribed` starts: 2MP, motion, 30 days, monthly, 2 cameras, no add-ons. */
export const TWO_CAMERAS = {
  resolution: '2MP',
  mode: 'rom',
  storageDays: 30,
  interval: 'monthly',
  cameras: 2,
  addons: [],
} as const;

/**
 * `who` quotes (`quote`: the plan, and a currency if any; `headers`: where it asks from) and checks the quote out:
 * the quote and the open invoice.
 */
export async function checkedOut(
  t: TestApp,
  who: { uid: string; token: string },
  quote: object,
  headers?: Record<string, string>,
) {
  const quoted = await t.call({ method: 'POST', url: '/quotes', token: who.token, headers, payload: quote });
  expect(quoted.status, JSON.stringify(quoted.json)).toBe(200);
  const checkout = await t.call({
    method: 'POST',
    url: `/account/${who.uid}/checkout`,
    token: who.token,
    payload: { quoteId: quoted.json.id },
  });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
  return { quote: quoted.json, checkout: checkout.json };
}

/** Pays `who`'s open invoice `invoiceId` with the test provider's `card` (a good one unless told): the answer. */
export const payInvoice = (
  t: TestApp,
  who: { uid: string; token: string },
  invoiceId: string,
  card: object = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
) =>
  t.call({
    method: 'POST',
    url: `/account/${who.uid}/invoices/${invoiceId}/pay`,
    token: who.token,
    payload: { provider: 'test', card },
  });

/** Starts `uid`'s plan as its owner does: a quote in GBP from the UK, checkout, a good test card. */
export async function subscribed(t: TestApp, token: string, uid: string): Promise<void> {
  const { checkout } = await checkedOut(t, { uid, token }, { plan: TWO_CAMERAS, currency: 'GBP' }, UK);
  const paid = await payInvoice(t, { uid, token }, checkout.invoice.id);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
}

/** 2MP, motion, 30 days, monthly, 3 cameras: 3 × 2.39 = 7.17 GBP, VAT 1.43, total 8.60. */
export const THREE_CAMERAS = { ...TWO_CAMERAS, cameras: 3 } as const;

/** A self-registered user (`selfRegistered`) with an open GBP invoice for THREE_CAMERAS, quoted from the UK. */
export async function withOpenInvoice(t: TestApp, email: string) {
  const u = await selfRegistered(t, email);
  const { checkout } = await checkedOut(t, u, { plan: THREE_CAMERAS, currency: 'GBP' }, UK);
  return { ...u, checkout };
}

/**
 * Support → distributors A and B, each with an installer; installer A's GBP list at 90 % of the default (set by
 * distributor A), and its customer priced at 110 % of that (2.39 × 0.9 × 1.1 = 2.37 GBP a camera), with no plan.
 */
export async function pricedCustomer(t: TestApp) {
  const support = await signedInUser(t, 's');
  const distA = (await invited(t, '/partners/distributors', support.token, 'distA')).signed;
  const distB = (await invited(t, '/partners/distributors', support.token, 'distB')).signed;
  const instA = await invited(t, '/partners/installers', distA.token, 'instA');
  const instB = (await invited(t, '/partners/installers', distB.token, 'instB')).signed;
  const list = await t.call({
    method: 'PUT',
    url: `/partners/${instA.id}/price-lists/GBP`,
    token: distA.token,
    payload: { percent: 90 },
  });
  expect(list.status, JSON.stringify(list.json)).toBe(200);
  const cust = (await invited(t, '/partners/customers', instA.signed.token, 'cust')).signed;
  const own = await t.call({
    method: 'PUT',
    url: `/customers/${cust.uid}/prices/GBP`,
    token: instA.signed.token,
    payload: { percent: 110 },
  });
  expect(own.status, JSON.stringify(own.json)).toBe(200);
  return { distA, distB, instA, instB, cust };
}
