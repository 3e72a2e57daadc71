import type { TestApp } from '../../testing/harness.ts';
import type { SignedIn } from '../../testing/sessions.ts';

// The billing rows of the tenant-isolation matrix (isolation.test.ts), kept here so that file stays in its size.
interface Fixture {
  t: TestApp;
  owner: SignedIn;
}
type Role = 'owner' | 'coowner' | 'support';
interface Rule {
  allow: Role[] | 'any';
  request(f: Fixture, caller: SignedIn): Promise<{ url: string; payload?: object }>;
}
const at = (url: string, payload?: object) => async () => ({ url, payload });
const planReaders: Role[] = ['owner', 'coowner', 'support'];
const planActors: Role[] = ['owner', 'coowner'];
const PLAN = { resolution: '2MP', mode: 'rom', storageDays: 30, interval: 'monthly', cameras: 2, addons: [] };
async function ownerQuote(f: Fixture): Promise<string> {
  const q = await f.t.call({ method: 'POST', url: '/quotes', token: f.owner.token, payload: { plan: PLAN } });
  return q.json.id;
}
async function ownerInvoice(f: Fixture): Promise<string> {
  const c = await f.t.call({
    method: 'POST',
    url: `/account/${f.owner.uid}/checkout`,
    token: f.owner.token,
    payload: { quoteId: await ownerQuote(f) },
  });
  if (c.status === 200) return c.json.invoice.id;
  // Once support has marked one paid the owner has a plan and checks out no more: the newest invoice serves.
  const list = await f.t.call({
    method: 'GET',
    url: `/account/${f.owner.uid}/invoices`,
    token: f.owner.token,
  });
  return list.json.invoices[0].id;
}

export const BILLING_RULES: Record<string, Rule> = {
  // Billing (decision 0741): the plan is the owner's and the co-owner's (manage plan); support reads only.
  'POST /quotes': { allow: 'any', request: at('/quotes', { plan: PLAN }) },
  // Open to anyone; a signed-in caller gets its installer's prices (decision 0744).
  'GET /pricing': { allow: 'any', request: at('/pricing') },
  'GET /account/:uid/subscription': {
    allow: planReaders,
    request: async (f) => ({ url: `/account/${f.owner.uid}/subscription` }),
  },
  'PUT /account/:uid/subscription': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/subscription`, payload: { plan: PLAN } }),
  },
  // What a change would take away (decision 0853): asked by those who may make the change.
  'POST /account/:uid/subscription/preview': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/subscription/preview`, payload: { plan: PLAN } }),
  },
  // A first plan invoiced to the owner (decision 0873): those who choose the plan (200, or 409 once one waits).
  'POST /account/:uid/subscription/first': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/subscription/first`, payload: { plan: PLAN } }),
  },
  'POST /account/:uid/subscription/cancel': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/subscription/cancel` }),
  },
  'POST /account/:uid/subscription/reinstate': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/subscription/reinstate` }),
  },
  'POST /account/:uid/checkout': {
    allow: planActors,
    request: async (f) => ({
      url: `/account/${f.owner.uid}/checkout`,
      payload: { quoteId: await ownerQuote(f) },
    }),
  },
  'GET /account/:uid/invoices': {
    allow: planReaders,
    request: async (f) => ({ url: `/account/${f.owner.uid}/invoices` }),
  },
  'GET /account/:uid/invoices/:id': {
    allow: planReaders,
    request: async (f) => ({ url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}` }),
  },
  'POST /account/:uid/invoices/:id/pay': {
    allow: planActors,
    // A declined test card: the access check is what is tested, and the owner stays without a plan.
    request: async (f) => ({
      url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}/pay`,
      payload: { provider: 'test', card: { number: '4000000000000002', expiry: '12/39', cvc: '123' } },
    }),
  },
  'POST /account/:uid/invoices/:id/mark-paid': {
    allow: ['support'],
    request: async (f) => ({ url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}/mark-paid` }),
  },
  // Decisions 0742, 0743, 0745: the PDF is read as the invoice is; PayPal acts as paying does; consents likewise.
  'GET /account/:uid/invoices/:id/pdf': {
    allow: planReaders,
    request: async (f) => ({ url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}/pdf` }),
  },
  'POST /account/:uid/invoices/:id/paypal': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}/paypal` }),
  },
  'POST /account/:uid/invoices/:id/paypal/capture': {
    allow: planActors,
    // A token PayPal never gave: refused as a payment (402), so the owner stays without a plan.
    request: async (f) => ({
      url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}/paypal/capture`,
      payload: { token: 'STANDIN-unknown' },
    }),
  },
  // Decision 0750: the hosted page is asked as paying is; this server's provider is the test one, so an allowed
  // caller is told so (409), a refused one never learns it.
  'POST /account/:uid/invoices/:id/stripe': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}/stripe` }),
  },
  'POST /account/:uid/invoices/:id/stripe/confirm': {
    allow: planActors,
    request: async (f) => ({
      url: `/account/${f.owner.uid}/invoices/${await ownerInvoice(f)}/stripe/confirm`,
      payload: { sessionId: 'cs_test_unknown' },
    }),
  },
  'GET /account/:uid/consents': {
    allow: planReaders,
    request: async (f) => ({ url: `/account/${f.owner.uid}/consents` }),
  },
  'PUT /account/:uid/consents': {
    allow: planActors,
    request: async (f) => ({ url: `/account/${f.owner.uid}/consents`, payload: { partnerDemo: false } }),
  },
  // A customer's own price (decision 0746): the customer reads it as it reads its plan; support and the customer's
  // installer change it (the installer's side: the partner matrix, features/partners/isolation.test.ts).
  'GET /customers/:customerUid/prices': {
    allow: planReaders,
    request: async (f) => ({ url: `/customers/${f.owner.uid}/prices` }),
  },
  'PUT /customers/:customerUid/prices/:currency': {
    allow: ['support'],
    request: async (f) => ({ url: `/customers/${f.owner.uid}/prices/GBP`, payload: { percent: 100 } }),
  },
  'DELETE /customers/:customerUid/prices/:currency': {
    allow: ['support'],
    request: async (f) => ({ url: `/customers/${f.owner.uid}/prices/GBP` }),
  },
};
