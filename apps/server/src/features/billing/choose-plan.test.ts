import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { memberOf, type SignedIn } from '../../testing/sessions.ts';
import { invited } from '../partners/testing.ts';
import { pricedCustomer, subscribed, THREE_CAMERAS, TWO_CAMERAS } from './testing.ts';

const UK = { 'accept-language': 'en-GB' };

/**
 * Decision 0854: a customer's installer (and the distributor above it) choose the customer's plan, at the prices
 * the customer pays: the distributor's list for the installer (90 %: a 2.39 GBP camera at 2.15) and the installer's
 * share for this customer (110 %: 2.39 × 0.99 = 2.37). They reach nothing else of the customer's billing. Amounts
 * worked by hand: 2 cameras 4.74 + 20 % VAT 0.95 = 5.69; 3 cameras 7.11 + 1.42 = 8.53; the change owes the
 * difference, 2.84, for the whole month left.
 */
describeEachDb('billing: an installer chooses its customer’s plan (decision 0854)', (ctx) => {
  let distA: SignedIn;
  let instA: SignedIn;
  let instAId: string;
  let instA2: SignedIn;
  let distB: SignedIn;
  let instB: SignedIn;
  let cust: SignedIn;
  let custAdmin: SignedIn;

  beforeAll(async () => {
    const t = ctx();
    const made = await pricedCustomer(t);
    ({ distA, distB, instB, cust } = made);
    instA = made.instA.signed;
    instAId = made.instA.id;
    instA2 = (await invited(t, '/partners/installers', distA.token, 'instA2')).signed;
    await subscribed(t, cust.token, cust.uid);
    custAdmin = await memberOf(t, cust, 'admin');
  });

  const sub = (who: SignedIn, method: 'GET' | 'PUT' | 'POST' = 'GET', tail = '', payload?: object) =>
    ctx().call({
      method,
      url: `/account/${cust.uid}/subscription${tail}`,
      token: who.token,
      payload,
      headers: UK,
    });
  const fee = (res: {
    json: {
      plans: {
        resolution: string;
        mode: string;
        storageDays: number;
        interval: string;
        tiers: { fee: number }[];
      }[];
    };
  }) =>
    res.json.plans.find(
      (p) => p.resolution === '2MP' && p.mode === 'rom' && p.storageDays === 30 && p.interval === 'monthly',
    )?.tiers[0]?.fee;

  it('gives the installer the customer’s price list: 2.37 a camera, where its own list says 2.15', async () => {
    const url = `/pricing?currency=GBP&forUid=${cust.uid}`;
    const forCust = await ctx().call({ method: 'GET', url, token: instA.token, headers: UK });
    expect([forCust.status, fee(forCust)]).toEqual([200, 2.37]);
    const own = await ctx().call({ method: 'GET', url: '/pricing?currency=GBP', token: instA.token });
    expect(fee(own)).toBe(2.15);
    for (const other of [instA2, instB, distB, custAdmin]) {
      const res = await ctx().call({ method: 'GET', url, token: other.token });
      expect(res.status).toBe(403);
    }
    expect((await ctx().call({ method: 'GET', url })).status).toBe(403);
  });

  it('lets the installer change the plan; the owner reads the new plan; the others are refused', async () => {
    const before = await sub(instA);
    expect([
      before.status,
      before.json.subscription.plan.cameras,
      before.json.subscription.price.total,
    ]).toEqual([200, 2, 5.69]);
    for (const other of [instA2, instB, distB, custAdmin]) {
      expect((await sub(other, 'PUT', '', { plan: THREE_CAMERAS })).status).toBe(403);
      expect((await sub(other)).status).toBe(403);
    }
    const changed = await sub(instA, 'PUT', '', { plan: THREE_CAMERAS });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect([
      changed.json.subscription.plan.cameras,
      changed.json.subscription.price.total,
      changed.json.due,
    ]).toEqual([3, 8.53, 2.84]);
    const owner = await sub(cust);
    expect([owner.json.subscription.plan.cameras, owner.json.subscription.price.total]).toEqual([3, 8.53]);
  });

  it('lets the installer and its distributor cancel and reinstate', async () => {
    expect((await sub(instA, 'POST', '/cancel')).json.subscription.state).toBe('pending_cancellation');
    expect((await sub(distB, 'POST', '/reinstate')).status).toBe(403);
    expect((await sub(distA, 'POST', '/reinstate')).json.subscription.state).toBe('active');
    const back = await sub(distA, 'PUT', '', { plan: TWO_CAMERAS });
    expect([back.status, back.json.subscription.plan.cameras, back.json.due]).toEqual([200, 2, 0]);
  });

  it('opens nothing else of the customer’s billing to its partners', async () => {
    for (const partner of [instA, distA]) {
      const calls = [
        { method: 'GET', url: `/account/${cust.uid}/invoices` },
        { method: 'GET', url: `/account/${cust.uid}/consents` },
        { method: 'PUT', url: `/account/${cust.uid}/consents`, payload: { partnerDemo: false } },
        { method: 'POST', url: '/quotes', payload: { plan: THREE_CAMERAS, forUid: cust.uid } },
      ] as const;
      for (const c of calls) {
        const res = await ctx().call({ ...c, token: partner.token });
        expect([c.url, res.status]).toEqual([c.url, 403]);
      }
    }
  });

  it('stops when the distributor suspends the installer', async () => {
    const off = await ctx().call({
      method: 'PUT',
      url: `/partners/${instAId}/suspended`,
      token: distA.token,
      payload: { suspended: true },
    });
    expect(off.status).toBe(200);
    expect((await sub(instA)).status).toBe(403);
    expect((await sub(distA)).status).toBe(403);
  });
});
