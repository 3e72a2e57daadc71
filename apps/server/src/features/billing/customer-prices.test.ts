import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { invited } from '../partners/testing.ts';
import { THREE_CAMERAS } from './testing.ts';

describeEachDb('billing: an installer prices a single customer (decision 0746)', (ctx) => {
  let support: SignedIn;
  let distA: SignedIn;
  let instA: SignedIn;
  let instB: SignedIn;
  let custA: SignedIn;
  let custB: SignedIn;
  let instAId: string;

  beforeAll(async () => {
    const t = ctx();
    support = await signedInUser(t, 's');
    const person = (url: string, token: string, label: string) => invited(t, url, token, label);
    distA = (await person('/partners/distributors', support.token, 'distA')).signed;
    const inst = await person('/partners/installers', distA.token, 'instA');
    instA = inst.signed;
    instAId = inst.id;
    instB = (await person('/partners/installers', distA.token, 'instB')).signed;
    custA = (await person('/partners/customers', instA.token, 'custA')).signed;
    custB = (await person('/partners/customers', instA.token, 'custB')).signed;
  });

  const url = (uid: string) => `/customers/${uid}/prices`;
  const read = (who: SignedIn, uid = custA.uid) =>
    ctx().call({ method: 'GET', url: url(uid), token: who.token });
  const set = (who: SignedIn, percent: number, currency = 'GBP') =>
    ctx().call({
      method: 'PUT',
      url: `${url(custA.uid)}/${currency}`,
      token: who.token,
      payload: { percent },
    });
  const reset = (who: SignedIn, currency = 'GBP') =>
    ctx().call({ method: 'DELETE', url: `${url(custA.uid)}/${currency}`, token: who.token });
  const quote = async (who: SignedIn) =>
    (
      await ctx().call({
        method: 'POST',
        url: '/quotes',
        token: who.token,
        payload: { plan: THREE_CAMERAS, currency: 'GBP' },
        headers: { 'accept-language': 'en-GB' },
      })
    ).json.price;
  const chooserFee = async (who: SignedIn) => {
    const res = await ctx().call({ method: 'GET', url: '/pricing?currency=GBP', token: who.token });
    const p = res.json.plans.find(
      (x: { resolution: string; mode: string; storageDays: number; interval: string }) =>
        x.resolution === '2MP' && x.mode === 'rom' && x.storageDays === 30 && x.interval === 'monthly',
    );
    return p.tiers[0].fee;
  };

  it("prices the customer at its share of the installer's list, rounded once, never below the list", async () => {
    // The installer has no list: the customer at 110 % of the default, 2.39 × 1.1 = 2.629 → 2.63 a camera;
    // 3 × 2.63 = 7.89, VAT 20 % = 1.58, 9.47. The installer's other customer keeps the default list.
    const ten = await set(instA, 110);
    expect(ten.status, JSON.stringify(ten.json)).toBe(200);
    expect(ten.json).toMatchObject({
      customerUid: custA.uid,
      prices: [{ currency: 'GBP', percent: 110, updatedBy: instA.uid }],
      installerPercents: {},
      limits: { minPercent: 100, maxPercent: 200 },
      editable: true,
    });
    expect(await quote(custA)).toMatchObject({
      lines: [{ item: 'cameras', quantity: 3, unitFee: 2.63, amount: 7.89 }],
      subtotal: 7.89,
      tax: 1.58,
      total: 9.47,
    });
    expect([await chooserFee(custA), await chooserFee(custB)]).toEqual([2.63, 2.39]);
    // Below the installer's own list: refused, the message naming the floor and what it means for a camera.
    const below = await set(instA, 99);
    expect([below.status, below.json.code]).toEqual([400, 'price_below_cost']);
    expect(below.json.error).toBe(
      "A customer's price cannot go below the installer's own list: 100 % of it (2.39 GBP a camera)",
    );
    expect(await chooserFee(custA)).toBe(2.63);
  });

  it("multiplies by the distributor's list for the installer; the ceiling is on the final price", async () => {
    expect((await set(instA, 110)).status).toBe(200);
    const list = await ctx().call({
      method: 'PUT',
      url: `/partners/${instAId}/price-lists/GBP`,
      token: distA.token,
      payload: { percent: 90 },
    });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    // 90 % × 110 % = 99 % of the default: 2.39 × 0.99 = 2.3661 → 2.37 (the installer's other customer: 2.15).
    expect([await chooserFee(custA), await chooserFee(custB)]).toEqual([2.37, 2.15]);
    expect((await read(instA)).json.installerPercents).toEqual({ GBP: 90 });
    const below = await set(instA, 95);
    expect(below.json.error).toBe(
      "A customer's price cannot go below the installer's own list: 100 % of it (2.15 GBP a camera)",
    );
    // 90 % × 222 % = 199.8 % of the default: allowed; 223 % → 200.7 %: above the ceiling, for support too.
    expect((await set(instA, 222)).status).toBe(200);
    expect(await chooserFee(custA)).toBe(4.78);
    const above = await set(support, 223);
    expect([above.status, above.json.code]).toEqual([400, 'price_above_ceiling']);
    // Support may go below the installer's list (a deal the service makes): 90 % × 50 % = 45 %, 2.39 × 0.45 = 1.08.
    const deal = await set(support, 50);
    expect(deal.status, JSON.stringify(deal.json)).toBe(200);
    expect(deal.json.limits).toEqual({ minPercent: 1, maxPercent: 200 });
    expect(await chooserFee(custA)).toBe(1.08);
    // Reset: back to the installer's list.
    const back = await reset(instA);
    expect(back.json.prices).toEqual([]);
    expect(await chooserFee(custA)).toBe(2.15);
    await ctx().call({ method: 'DELETE', url: `/partners/${instAId}/price-lists/GBP`, token: distA.token });
    expect(await chooserFee(custA)).toBe(2.39);
  });

  it('lets the customer read its own, not change it; nobody else sees it', async () => {
    expect((await set(instA, 120, 'EUR')).status).toBe(200);
    const own = await read(custA);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ prices: [{ currency: 'EUR', percent: 120 }], editable: false });
    expect((await set(custA, 100, 'EUR')).status).toBe(403);
    expect((await reset(custA, 'EUR')).status).toBe(403);
    for (const outsider of [instB, distA, custB]) {
      expect((await read(outsider)).status).toBe(404);
      expect((await set(outsider, 150, 'EUR')).status).toBe(404);
      expect((await reset(outsider, 'EUR')).status).toBe(404);
    }
    expect((await read(support)).json.editable).toBe(true);
  });
});
