import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { type SignedIn, signedInUser } from '../../testing/sessions.ts';
import { invited } from '../partners/testing.ts';
import { THREE_CAMERAS } from './testing.ts';

describeEachDb('billing: partner price lists', (ctx) => {
  let support: SignedIn;
  let distA: SignedIn;
  let distB: SignedIn;
  let instA: SignedIn;
  let custA: SignedIn;
  let instAId: string;

  beforeAll(async () => {
    const t = ctx();
    support = await signedInUser(t, 's');
    const person = (url: string, token: string, label: string) => invited(t, url, token, label);
    distA = (await person('/partners/distributors', support.token, 'distA')).signed;
    distB = (await person('/partners/distributors', support.token, 'distB')).signed;
    const inst = await person('/partners/installers', distA.token, 'instA');
    instA = inst.signed;
    instAId = inst.id;
    custA = (await person('/partners/customers', instA.token, 'custA')).signed;
  });

  const lists = (who: SignedIn) =>
    ctx().call({ method: 'GET', url: `/partners/${instAId}/price-lists`, token: who.token });
  const set = (who: SignedIn, percent: number, currency = 'GBP') =>
    ctx().call({
      method: 'PUT',
      url: `/partners/${instAId}/price-lists/${currency}`,
      token: who.token,
      payload: { percent },
    });
  const customerQuote = async () =>
    (
      await ctx().call({
        method: 'POST',
        url: '/quotes',
        token: custA.token,
        payload: { plan: THREE_CAMERAS, currency: 'GBP' },
        headers: { 'accept-language': 'en-GB' },
      })
    ).json.price;

  it("prices the installer's customers from the list its distributor set, never below the distributor's cost", async () => {
    // The default list: 3 × 2.39 = 7.17, VAT 20 % = 1.43, 8.60.
    expect(await customerQuote()).toMatchObject({ subtotal: 7.17, tax: 1.43, total: 8.6 });
    const ninety = await set(distA, 90);
    expect(ninety.status, JSON.stringify(ninety.json)).toBe(200);
    expect(ninety.json).toMatchObject({
      installerId: instAId,
      lists: [{ currency: 'GBP', percent: 90, updatedBy: distA.uid }],
      limits: { minPercent: 70, maxPercent: 200 },
      editable: true,
    });
    // 2.39 × 0.9 = 2.151 → 2.15 a camera; 3 × 2.15 = 6.45, VAT 1.29, 7.74.
    expect(await customerQuote()).toMatchObject({
      lines: [{ item: 'cameras', quantity: 3, unitFee: 2.15, amount: 6.45 }],
      subtotal: 6.45,
      tax: 1.29,
      total: 7.74,
    });
    // The plan chooser's list: the customer signed in sees its installer's prices; a visitor the default ones.
    const fee = async (token?: string) => {
      const res = await ctx().call({ method: 'GET', url: '/pricing?currency=GBP', token });
      const p = res.json.plans.find(
        (x: { resolution: string; mode: string; storageDays: number; interval: string }) =>
          x.resolution === '2MP' && x.mode === 'rom' && x.storageDays === 30 && x.interval === 'monthly',
      );
      return p.tiers[0].fee;
    };
    expect([await fee(custA.token), await fee()]).toEqual([2.15, 2.39]);
    // Below the distributor's cost (70 %): refused; support may (2.39 × 0.6 = 1.434 → 1.43).
    const below = await set(distA, 69);
    expect([below.status, below.json.code]).toEqual([400, 'price_below_cost']);
    expect((await set(support, 60)).status).toBe(200);
    expect((await customerQuote()).lines[0].unitFee).toBe(1.43);
    // Above the ceiling: refused for anyone.
    expect((await set(support, 201)).status).toBe(400);
    // Back to the default list.
    const reset = await ctx().call({
      method: 'DELETE',
      url: `/partners/${instAId}/price-lists/GBP`,
      token: distA.token,
    });
    expect(reset.json.lists).toEqual([]);
    expect((await customerQuote()).total).toBe(8.6);
  });

  it('lets the installer read its lists, not change them; another distributor sees nothing', async () => {
    await set(distA, 95, 'EUR');
    const own = await lists(instA);
    expect(own.json).toMatchObject({ lists: [{ currency: 'EUR', percent: 95 }], editable: false });
    expect((await set(instA, 150, 'EUR')).status).toBe(403);
    expect((await lists(distB)).status).toBe(404);
    expect((await set(distB, 150, 'EUR')).status).toBe(404);
    expect((await lists(custA)).status).toBe(403);
  });
});
