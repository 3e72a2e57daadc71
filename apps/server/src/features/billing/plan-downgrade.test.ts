import { testCameraRow } from '@vigil/db/testing';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { selfRegistered } from './testing.ts';

/**
 * A smaller plan, previewed then made (decision 0853): the preview names what would go (7 days instead of 30, 3 of
 * 5 cameras stop recording to the cloud, vehicles analytics) and changes nothing; the change then does exactly that.
 */
const PLAN = {
  resolution: '4MP',
  mode: 'continuous',
  storageDays: 30,
  interval: 'monthly',
  cameras: 5,
  addons: ['vehicles'],
};
const SMALL = { ...PLAN, resolution: '2MP', storageDays: 7, cameras: 2, addons: [] };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

describeEachDb('a plan downgrade: its preview and its effect', (ctx) => {
  it('previews the losses, changes nothing, and the change then stops the cameras named', async () => {
    const t = ctx();
    const u = await selfRegistered(t, 'downgrader@example.com');
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      t.call({ method, url, token: u.token, ...(payload ? { payload } : {}) });
    const quote = await call('POST', '/quotes', { plan: PLAN, currency: 'GBP' });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    const checkout = await call('POST', `/account/${u.uid}/checkout`, { quoteId: quote.json.id });
    const paid = await call('POST', `/account/${u.uid}/invoices/${checkout.json.invoice.id}/pay`, {
      provider: 'test',
      card: CARD,
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    // Five cameras recording to the cloud, installed one after the other.
    const names = ['Gate', 'Yard', 'Shed', 'Porch', 'Drive'];
    for (const [i, name] of names.entries())
      await t.db.db
        .insertInto('cameras')
        .values({ ...testCameraRow(u.uid, `c${i}`), name, created_at: 1000 + i } as never)
        .execute();

    const preview = await call('POST', `/account/${u.uid}/subscription/preview`, { plan: SMALL });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json).toEqual({
      due: 0,
      currency: 'GBP',
      losses: {
        storageDays: { from: 30, to: 7 },
        cameraLimit: { from: 5, to: 2 },
        stoppingCameras: [
          { uidd: `${u.uid}.c2`, name: 'Shed' },
          { uidd: `${u.uid}.c3`, name: 'Porch' },
          { uidd: `${u.uid}.c4`, name: 'Drive' },
        ],
        resolution: { from: '4MP', to: '2MP' },
        addonsLost: ['vehicles'],
      },
    });
    const recording = async () =>
      (
        await t.db.db
          .selectFrom('cameras')
          .select('name')
          .where('owner_uid', '=', u.uid)
          .where('cloud_recording_enabled', '=', 1)
          .orderBy('created_at')
          .execute()
      ).map((r) => r.name);
    // A preview is only a question.
    expect(await recording()).toEqual(names);
    expect((await call('GET', `/account/${u.uid}/subscription`)).json.subscription.plan).toEqual(PLAN);

    const change = await call('PUT', `/account/${u.uid}/subscription`, { plan: SMALL });
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    expect(await recording()).toEqual(['Gate', 'Yard']);
    // Nothing more is lost by the same plan again.
    const again = await call('POST', `/account/${u.uid}/subscription/preview`, { plan: SMALL });
    expect(again.json.losses).toEqual({
      storageDays: null,
      cameraLimit: null,
      stoppingCameras: [],
      resolution: null,
      addonsLost: [],
    });
  });

  it('without a plan there is nothing to preview: 409', async () => {
    const t = ctx();
    const u = await selfRegistered(t, 'planless@example.com');
    const res = await t.call({
      method: 'POST',
      url: `/account/${u.uid}/subscription/preview`,
      token: u.token,
      payload: { plan: SMALL },
    });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('no_subscription');
  });
});
