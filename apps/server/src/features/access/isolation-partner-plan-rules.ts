// The subscription's rows of the partner isolation matrix (features/partners/isolation.test.ts), kept here beside
// the tenant matrix's billing rows (isolation-billing-rules.ts): decision 0854's `choosePlan` right. Written out
// by hand: custA's own installer (instA) and the distributor above it (distA) choose custA's plan with custA; the
// other subtree (distB, instB), a stranger (user) and custA's additional user at level admin, which does not manage
// the plan (custAdmin), are refused; support reads it and changes nothing.
type Role = 'support' | 'distA' | 'distB' | 'instA' | 'instB' | 'custA' | 'user' | 'custAdmin';
interface Fixture {
  custA: { uid: string };
}
interface Rule {
  allow: Role[];
  request(f: Fixture): { url: string; payload?: object };
}

const choosers: Role[] = ['distA', 'instA', 'custA'];
/** A change custA's running plan (2 cameras, GBP) accepts: 3 cameras. */
const PLAN = { resolution: '2MP', mode: 'rom', storageDays: 30, interval: 'monthly', cameras: 3, addons: [] };

/** In this order: the change, then cancel and reinstate, leave custA's plan active for whatever runs next. */
export const PARTNER_PLAN_RULES: Record<string, Rule> = {
  'GET /account/:uid/subscription': {
    allow: ['support', ...choosers],
    request: (f) => ({ url: `/account/${f.custA.uid}/subscription` }),
  },
  'PUT /account/:uid/subscription': {
    allow: choosers,
    request: (f) => ({ url: `/account/${f.custA.uid}/subscription`, payload: { plan: PLAN } }),
  },
  // A first plan, invoiced to the customer (decision 0873): custA's plan runs, so the choosers meet 409, the others
  // 403 or 404.
  'POST /account/:uid/subscription/first': {
    allow: choosers,
    request: (f) => ({ url: `/account/${f.custA.uid}/subscription/first`, payload: { plan: PLAN } }),
  },
  'POST /account/:uid/subscription/cancel': {
    allow: choosers,
    request: (f) => ({ url: `/account/${f.custA.uid}/subscription/cancel` }),
  },
  'POST /account/:uid/subscription/reinstate': {
    allow: choosers,
    request: (f) => ({ url: `/account/${f.custA.uid}/subscription/reinstate` }),
  },
};

/**
 * custA's billing beyond the subscription (its bills, its consents): choosePlan opens none of them. Its video stays
 * closed to partners as before (camera-access.ts: an installer installs and views, never watches).
 */
export const PARTNER_BEYOND_PLAN_RULES: Record<string, Rule> = {
  'GET /account/:uid/invoices': {
    allow: ['support', 'custA'],
    request: (f) => ({ url: `/account/${f.custA.uid}/invoices` }),
  },
  'GET /account/:uid/consents': {
    allow: ['support', 'custA'],
    request: (f) => ({ url: `/account/${f.custA.uid}/consents` }),
  },
};
