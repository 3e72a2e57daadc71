import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { memberOf, type SignedIn, signedInUser, signIn } from '../../testing/sessions.ts';
import { PARTNER_BEYOND_PLAN_RULES, PARTNER_PLAN_RULES } from '../access/isolation-partner-plan-rules.ts';
import { subscribed } from '../billing/testing.ts';
import { BRAND_PARTNER_RULES } from '../brands/testing.ts';
import { insertCamera } from '../cameras/testing.ts';
import { acceptInvitation, isPartnerRoute, newcomer } from './testing.ts';

/**
 * The partner isolation matrix (decision 0720): every partner and support route the server declares × every kind
 * of caller → allowed or refused, and no answer to a caller outside distributor A's subtree names anything in it.
 * Written out by hand, not read from the code, so a wrong rule fails here; a route without a rule fails the first
 * test. The hierarchy is built through the API itself: support → distributors → installers → customers.
 */
type Role = 'support' | 'distA' | 'distB' | 'instA' | 'instB' | 'custA' | 'user' | 'custAdmin';
/** custAdmin: an additional user of custA's account at level admin, which does not manage the plan. */
const ROLES: Role[] = ['support', 'distA', 'distB', 'instA', 'instB', 'custA', 'user', 'custAdmin'];
/** Callers outside distributor A's subtree: their answers must not mention instA or custA. */
const OUTSIDE: Role[] = ['distB', 'instB', 'user'];

interface Fixture {
  callers: Record<Role, SignedIn>;
  distA: string;
  instA: string;
  custA: { uid: string; email: string; spareSession: string; camera: string };
}
interface Rule {
  allow: Role[];
  request(f: Fixture): { url: string; payload?: object };
}

const RULES: Record<string, Rule> = {
  'GET /partners/distributors': { allow: ['support'], request: () => ({ url: '/partners/distributors' }) },
  'POST /partners/distributors': {
    allow: ['support'],
    request: () => ({ url: '/partners/distributors', payload: newcomer('dist') }),
  },
  // Each distributor lists its own installers (what it gets back is checked by the leak rule).
  'GET /partners/installers': {
    allow: ['support', 'distA', 'distB'],
    request: () => ({ url: '/partners/installers' }),
  },
  'POST /partners/installers': {
    allow: ['support', 'distA'],
    request: (f) => ({
      url: '/partners/installers',
      payload: { ...newcomer('inst'), distributorId: f.distA },
    }),
  },
  'GET /partners/:partnerId': {
    allow: ['support', 'distA', 'instA'],
    request: (f) => ({ url: `/partners/${f.instA}` }),
  },
  // A partner cannot suspend itself; its distributor and support can.
  'PUT /partners/:partnerId/suspended': {
    allow: ['support', 'distA'],
    request: (f) => ({ url: `/partners/${f.instA}/suspended`, payload: { suspended: false } }),
  },
  // A new invitation: the installer's distributor and support, not the installer itself.
  'POST /partners/:partnerId/invitation': {
    allow: ['support', 'distA'],
    request: (f) => ({ url: `/partners/${f.instA}/invitation` }),
  },
  'GET /partners/customers': {
    allow: ['support', 'distA', 'instA'],
    request: (f) => ({ url: `/partners/customers?installerId=${f.instA}` }),
  },
  // The same list across regions (decision 0618; here with no other region): the same answers.
  'GET /regions/customers': {
    allow: ['support', 'distA', 'instA'],
    request: (f) => ({ url: `/regions/customers?installerId=${f.instA}` }),
  },
  // A customer's page and a new customer in a named region (decision 0620; here this region, 'local'): the same
  // answers as the portal's own.
  'GET /regions/customers/:region/:customerUid': {
    allow: ['support', 'distA', 'instA'],
    request: (f) => ({ url: `/regions/customers/local/${f.custA.uid}` }),
  },
  'POST /regions/customers/:region': {
    allow: ['instA', 'instB'],
    request: () => ({ url: '/regions/customers/local', payload: newcomer('cust') }),
  },
  // The regions the new-customer form offers (decision 0858): partners and support, not end users.
  'GET /regions/list': {
    allow: ['support', 'distA', 'distB', 'instA', 'instB'],
    request: () => ({ url: '/regions/list' }),
  },
  // Only installers create customers (spec 000 §6), each under itself.
  'POST /partners/customers': {
    allow: ['instA', 'instB'],
    request: () => ({ url: '/partners/customers', payload: newcomer('cust') }),
  },
  'GET /partners/customers/:customerUid': {
    allow: ['support', 'distA', 'instA'],
    request: (f) => ({ url: `/partners/customers/${f.custA.uid}` }),
  },
  // custA's cameras as its partners see them (decision 0872): its installer and the distributor above it; support
  // has its own account page.
  'GET /partners/customers/:customerUid/cameras': {
    allow: ['distA', 'instA'],
    request: (f) => ({ url: `/partners/customers/${f.custA.uid}/cameras` }),
  },
  // An installer's price lists (billing, decision 0744): its distributor and support set them, it reads them.
  'GET /partners/:partnerId/price-lists': {
    allow: ['support', 'distA', 'instA'],
    request: (f) => ({ url: `/partners/${f.instA}/price-lists` }),
  },
  'PUT /partners/:partnerId/price-lists/:currency': {
    allow: ['support', 'distA'],
    request: (f) => ({ url: `/partners/${f.instA}/price-lists/GBP`, payload: { percent: 100 } }),
  },
  'DELETE /partners/:partnerId/price-lists/:currency': {
    allow: ['support', 'distA'],
    request: (f) => ({ url: `/partners/${f.instA}/price-lists/GBP` }),
  },
  // A customer's own price (billing, decision 0746): its installer and support change it, the customer reads it;
  // the distributor does not see it. Not a partner route (the tenant matrix has it too): listed in ALSO_HERE.
  'GET /customers/:customerUid/prices': {
    allow: ['support', 'instA', 'custA'],
    request: (f) => ({ url: `/customers/${f.custA.uid}/prices` }),
  },
  'PUT /customers/:customerUid/prices/:currency': {
    allow: ['support', 'instA'],
    request: (f) => ({ url: `/customers/${f.custA.uid}/prices/GBP`, payload: { percent: 120 } }),
  },
  'DELETE /customers/:customerUid/prices/:currency': {
    allow: ['support', 'instA'],
    request: (f) => ({ url: `/customers/${f.custA.uid}/prices/GBP` }),
  },
  // The health screen's slowest endpoints (features/metrics).
  'GET /support/metrics/endpoints': {
    allow: ['support'],
    request: () => ({ url: '/support/metrics/endpoints' }),
  },
  // The health screen's fleet and alerts (features/health, decision 0721).
  'GET /support/health': { allow: ['support'], request: () => ({ url: '/support/health' }) },
  // Its next pages of problem cameras (decision 0747).
  'GET /support/health/cameras': {
    allow: ['support'],
    request: () => ({ url: '/support/health/cameras?recorder=this%20server' }),
  },
  'GET /support/accounts': {
    allow: ['support'],
    request: (f) => ({ url: `/support/accounts?q=${encodeURIComponent(f.custA.email)}` }),
  },
  // Support's search of every region (decision 0620).
  'GET /regions/support/accounts': {
    allow: ['support'],
    request: (f) => ({ url: `/regions/support/accounts?q=${encodeURIComponent(f.custA.email)}` }),
  },
  // Support's account page in a named region (decision 0858; here this region, 'local'): support only.
  'GET /regions/support/accounts/:region/:uid': {
    allow: ['support'],
    request: (f) => ({ url: `/regions/support/accounts/local/${f.custA.uid}` }),
  },
  // Its sessions, error reports and usage logs in a named region (decision 0883): support only.
  ...Object.fromEntries(
    ['sessions', 'error-reports', 'usage-logs'].map((what) => [
      `GET /regions/support/accounts/:region/:uid/${what}`,
      {
        allow: ['support'] as Role[],
        request: (f: Fixture) => ({ url: `/regions/support/accounts/local/${f.custA.uid}/${what}` }),
      },
    ]),
  ),
  'GET /support/accounts/:uid': {
    allow: ['support'],
    request: (f) => ({ url: `/support/accounts/${f.custA.uid}` }),
  },
  'POST /support/accounts/:uid/tools/:tool': {
    allow: ['support'],
    request: (f) => ({ url: `/support/accounts/${f.custA.uid}/tools/unlock-sign-in` }),
  },
  // Support's account page (decision 0721): sessions, reports, logs, and the camera re-probe.
  'GET /support/accounts/:uid/sessions': {
    allow: ['support'],
    request: (f) => ({ url: `/support/accounts/${f.custA.uid}/sessions` }),
  },
  'DELETE /support/accounts/:uid/sessions/:seriesId': {
    allow: ['support'],
    request: (f) => ({ url: `/support/accounts/${f.custA.uid}/sessions/${f.custA.spareSession}` }),
  },
  'GET /support/accounts/:uid/error-reports': {
    allow: ['support'],
    request: (f) => ({ url: `/support/accounts/${f.custA.uid}/error-reports` }),
  },
  'GET /support/accounts/:uid/usage-logs': {
    allow: ['support'],
    request: (f) => ({ url: `/support/accounts/${f.custA.uid}/usage-logs` }),
  },
  'POST /support/cameras/:uidd/probe': {
    allow: ['support'],
    request: (f) => ({ url: `/support/cameras/${f.custA.camera}/probe` }),
  },
  'PUT /support/accounts/:uid/installer': {
    allow: ['support'],
    request: (f) => ({
      url: `/support/accounts/${f.custA.uid}/installer`,
      payload: { installerId: f.instA },
    }),
  },
  // Brands (decision 0820): support's management, installers' own logo and colours.
  ...BRAND_PARTNER_RULES,
  // A customer's subscription (decision 0854): its installer and distributor choose it; nothing else of custA opens.
  ...PARTNER_PLAN_RULES,
  ...PARTNER_BEYOND_PLAN_RULES,
};

const REFUSED = [401, 403, 404];
/** Routes outside the partner prefixes that this matrix checks too: a partner acts on them for its customers. */
const ALSO_HERE = new Set([
  'GET /customers/:customerUid/prices',
  'PUT /customers/:customerUid/prices/:currency',
  'DELETE /customers/:customerUid/prices/:currency',
  ...Object.keys(PARTNER_PLAN_RULES),
  ...Object.keys(PARTNER_BEYOND_PLAN_RULES),
]);

describeEachDb('partner isolation', (ctx) => {
  let f: Fixture;

  beforeAll(async () => {
    const t = ctx();
    const support = await signedInUser(t, 's');
    const user = await signedInUser(t);
    const make = async (url: string, token: string, body: { company: string; email: string }) => {
      const res = await t.call({ method: 'POST', url, token, payload: body });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json as { id?: string; uid: string };
    };
    const person = async (url: string, token: string, label: string) => {
      const body = newcomer(label);
      const made = await make(url, token, body);
      return { made, signed: await acceptInvitation(t, body.email, `correct horse ${label} staple`) };
    };
    const distA = await person('/partners/distributors', support.token, 'distA');
    const distB = await person('/partners/distributors', support.token, 'distB');
    const instA = await person('/partners/installers', distA.signed.token, 'instA');
    const instB = await person('/partners/installers', distB.signed.token, 'instB');
    const custA = await person('/partners/customers', instA.signed.token, 'custA');
    // A second session for support to end, and a camera for it to probe (a closed local port: refused at once).
    const spare = await signIn(t, custA.signed.email, custA.signed.password);
    const camera = await insertCamera(t, custA.made.uid);
    await t.db.db
      .updateTable('cameras')
      .set({ stream_url: 'rtsp://127.0.0.1:9/live' })
      .where('uidd', '=', camera)
      .execute();
    // custA runs a plan (2 cameras, GBP) for the subscription rules to change, and has an admin.
    await subscribed(t, custA.signed.token, custA.made.uid);
    const custAdmin = await memberOf(t, custA.signed, 'admin');
    f = {
      callers: {
        support,
        user,
        distA: distA.signed,
        distB: distB.signed,
        instA: instA.signed,
        instB: instB.signed,
        custA: custA.signed,
        custAdmin,
      },
      distA: distA.made.id!,
      instA: instA.made.id!,
      custA: {
        uid: custA.made.uid,
        email: custA.signed.email,
        spareSession: spare.login.webLogin.seriesId,
        camera,
      },
    };
  });

  it('has a rule for every partner and support route', () => {
    const routes = ctx()
      .routes.filter((r) => r.auth !== 'none' && r.method !== 'HEAD')
      .map((r) => ({ key: `${r.method} ${r.url}`, url: r.url }))
      .filter((r) => isPartnerRoute(r.url) || ALSO_HERE.has(r.key))
      .map((r) => r.key);
    expect(routes.filter((key) => !RULES[key])).toEqual([]);
    expect(Object.keys(RULES).filter((key) => !routes.includes(key))).toEqual([]);
  });

  for (const [key, rule] of Object.entries(RULES)) {
    it(`${key}: ${rule.allow.join(', ')}`, async () => {
      const [method] = key.split(' ') as ['GET'];
      const outcomes: string[] = [];
      for (const role of ROLES) {
        const { url, payload } = rule.request(f);
        const res = await ctx().call({ method, url, payload, token: f.callers[role].token });
        const allowed = rule.allow.includes(role);
        const refused = REFUSED.includes(res.status);
        if (res.status >= 500 || allowed === refused)
          outcomes.push(`${role}: ${res.status} ${JSON.stringify(res.json)}`);
        const body = JSON.stringify(res.json);
        const leaked = [f.instA, f.custA.uid, f.custA.email].filter((s) => body.includes(s));
        if (OUTSIDE.includes(role) && leaked.length) outcomes.push(`${role} saw ${leaked.join(', ')}`);
      }
      expect(outcomes, 'callers answered against the rule').toEqual([]);
    });
  }
});
