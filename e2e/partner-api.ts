import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect } from './fixtures.ts';
import { resetLinkFor } from './outbox.ts';

/** The partner suites' API steps: partners and customers made and accepted without a browser. */

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** A request from the UK: prices in GBP with 20 % VAT. */
export const UK = { 'accept-language': 'en-GB' };
export const TWO_CAMERAS = {
  resolution: '2MP',
  mode: 'rom',
  storageDays: 30,
  interval: 'monthly',
  cameras: 2,
  addons: [],
};
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** Sets the password through the newest e-mailed set-password link (no SMTP here: the outbox), by the API. */
export async function acceptByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const link = resetLinkFor(email);
  const q = new URL(link!).searchParams;
  const res = await request.get(
    `/resetpassword?${new URLSearchParams({ uid: q.get('uid')!, v: q.get('v')!, newpass: password })}`,
  );
  expect(res.ok()).toBe(true);
}

/** POSTs as `token` (with `headers`) and answers the JSON, failing on anything but 2xx. */
export async function post<T>(
  request: APIRequestContext,
  url: string,
  token: string,
  data: object,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await request.post(url, { headers: { ...auth(token), ...headers }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** How a suite names its people: e-mails `<prefix>-dist-<tag>@e2e.example`, companies `<word> Distribution <tag>`. */
export interface ChainNames {
  prefix: string;
  /** The passwords' start: `<label> distributor`, `<label> installer`, `<label> customer`. */
  label: string;
  word: string;
  tag: string;
  /** Sent with every step's POST (a suite from the UK sends UK throughout). */
  headers?: Record<string, string>;
}

/**
 * Support → distributor → installer, each accepted by the API; with `listPercent`, the distributor's GBP list for
 * its installer at that share. Answers the two (e-mail and password), the installer's id, company and session.
 */
export async function distributorAndInstaller(
  request: APIRequestContext,
  support: string,
  n: ChainNames,
  listPercent?: number,
) {
  const dist = { email: `${n.prefix}-dist-${n.tag}@e2e.example`, password: `${n.label} distributor` };
  const inst = { email: `${n.prefix}-inst-${n.tag}@e2e.example`, password: `${n.label} installer` };
  const installer = `${n.word} Installers ${n.tag}`;
  const company = `${n.word} Distribution ${n.tag}`;
  await post(request, '/partners/distributors', support, { company, email: dist.email }, n.headers);
  await acceptByApi(request, dist.email, dist.password);
  const d = (await apiLogin(request, dist)).authToken;
  const made = { company: installer, email: inst.email };
  const { id } = await post<{ id: string }>(request, '/partners/installers', d, made, n.headers);
  if (listPercent !== undefined) {
    const list = await request.put(`/partners/${id}/price-lists/GBP`, {
      headers: auth(d),
      data: { percent: listPercent },
    });
    expect(list.ok()).toBe(true);
  }
  await acceptByApi(request, inst.email, inst.password);
  return { dist, inst, id, installer, installerToken: (await apiLogin(request, inst)).authToken };
}

/**
 * Support → distributor → installer (the distributor's GBP list at 90 %) → a customer with no plan, all accepted by
 * the API. Answers the chain and the customer: e-mail, password, company, uid.
 */
export async function customerOfInstaller(request: APIRequestContext, support: string, n: ChainNames) {
  const chain = await distributorAndInstaller(request, support, n, 90);
  const cust = { email: `${n.prefix}-cust-${n.tag}@e2e.example`, password: `${n.label} customer` };
  const company = `${n.word} Customer ${n.tag}`;
  const made = { company, email: cust.email };
  const { uid } = await post<{ uid: string }>(
    request,
    '/partners/customers',
    chain.installerToken,
    made,
    n.headers,
  );
  await acceptByApi(request, cust.email, cust.password);
  return { ...chain, cust, company, uid };
}

/** The owner starts a plan of 2 cameras in GBP itself: a quote from the UK, checkout, the test card. */
export async function startTwoCameraPlan(
  request: APIRequestContext,
  uid: string,
  owner: string,
): Promise<void> {
  const quote = await post<{ id: string }>(
    request,
    '/quotes',
    owner,
    { plan: TWO_CAMERAS, currency: 'GBP' },
    UK,
  );
  const checkout = await post<{ invoice: { id: string } }>(request, `/account/${uid}/checkout`, owner, {
    quoteId: quote.id,
  });
  await post(request, `/account/${uid}/invoices/${checkout.invoice.id}/pay`, owner, {
    provider: 'test',
    card: TEST_CARD,
  });
}
