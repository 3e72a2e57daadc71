import { expect } from 'vitest';
import type { TestApp } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { invited } from '../partners/testing.ts';

export const SELF_REG_PASSWORD = 'a long enough passphrase';

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

/** Starts `uid`'s plan as its owner does: a quote in GBP from the UK, checkout, a good test card. */
export async function subscribed(t: TestApp, token: string, uid: string): Promise<void> {
  const headers = { 'accept-language': 'en-GB' };
  const quote = await t.call({
    method: 'POST',
    url: '/quotes',
    token,
    headers,
    payload: { plan: TWO_CAMERAS, currency: 'GBP' },
  });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  const checkout = await t.call({
    method: 'POST',
    url: `/account/${uid}/checkout`,
    token,
    payload: { quoteId: quote.json.id },
  });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
  const paid = await t.call({
    method: 'POST',
    url: `/account/${uid}/invoices/${checkout.json.invoice.id}/pay`,
    token,
    payload: { provider: 'test', card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' } },
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
}

/** 2MP, motion, 30 days, monthly, 3 cameras: 3 × 2.39 = 7.17 GBP, VAT 1.43, total 8.60. */
export const THREE_CAMERAS = { ...TWO_CAMERAS, cameras: 3 } as const;

/** A self-registered user (`selfRegistered`) with an open GBP invoice for THREE_CAMERAS, quoted from the UK. */
export async function withOpenInvoice(t: TestApp, email: string) {
  const u = await selfRegistered(t, email);
  const quote = await t.call({
    method: 'POST',
    url: '/quotes',
    token: u.token,
    payload: { plan: THREE_CAMERAS, currency: 'GBP' },
    headers: { 'accept-language': 'en-GB' },
  });
  const checkout = await t.call({
    method: 'POST',
    url: `/account/${u.uid}/checkout`,
    token: u.token,
    payload: { quoteId: quote.json.id },
  });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
  return { ...u, checkout: checkout.json };
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
