import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { signedInUser } from '../../testing/sessions.ts';
import { FakeProbe, FakePtz } from '../cameras/testing.ts';
import { checkedOut, payInvoice } from './testing.ts';

/** The test provider's good card, written without spaces. */
const CARD = { number: '4242424242424242', expiry: '12/39', cvc: '123' };
const PLAN = { resolution: '2MP', mode: 'rom', storageDays: 90, interval: 'monthly', cameras: 2, addons: [] };

describeEachDb(
  'retention follows the plan (decision 0741)',
  (ctx) => {
    it('sets the organisation’s and every installed camera’s storage days to the plan’s', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const install = (n: number) =>
        t.call({
          method: 'POST',
          url: '/cameras',
          token: u.token,
          payload: { url: `rtsp://10.0.0.${n}/stream` },
        });
      expect((await install(1)).status).toBe(201);

      const { checkout } = await checkedOut(t, u, { plan: PLAN });
      const paid = await payInvoice(t, u, checkout.invoice.id, CARD);
      expect(paid.status).toBe(200);
      // Retention follows the plan: the camera installed before keeps 90 days, and so does the organisation.
      const kept = await t.db.db
        .selectFrom('cameras')
        .select('cloud_storage_days')
        .where('owner_uid', '=', u.uid)
        .execute();
      expect(kept).toEqual([{ cloud_storage_days: 90 }]);
      const org = await t.db.db
        .selectFrom('organisations')
        .select('cloud_storage_duration')
        .where('owner_uid', '=', u.uid)
        .execute();
      expect(org).toEqual([{ cloud_storage_duration: 90 }]);
    });

    it('renews an active plan when its period ends, with an open renewal invoice', async () => {
      const t = ctx();
      const u = await signedInUser(t);
      const monthly = { ...PLAN, storageDays: 30 };
      const { checkout } = await checkedOut(t, u, { plan: monthly });
      const paid = await payInvoice(t, u, checkout.invoice.id, CARD);
      const firstEnd = paid.json.subscription.periodEnd;
      t.clock.advance(32 * 86_400_000);
      const again = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: u.email, password: u.password },
      });
      const token = again.json.authToken;
      const sub = await t.call({ method: 'GET', url: `/account/${u.uid}/subscription`, token });
      expect(sub.json.subscription.state).toBe('active');
      expect(sub.json.subscription.periodStart).toBe(firstEnd);
      const invoices = await t.call({ method: 'GET', url: `/account/${u.uid}/invoices`, token });
      expect(invoices.json.invoices.map((i: { kind: string; status: string }) => [i.kind, i.status])).toEqual(
        [
          ['renewal', 'open'],
          ['subscription', 'paid'],
        ],
      );
      // 2 cameras × 2.99
      expect(invoices.json.invoices[0].price.total).toBe(5.98);
    });
  },
  {},
  () => ({ cameras: { probe: new FakeProbe(), ptz: new FakePtz() } }),
);
