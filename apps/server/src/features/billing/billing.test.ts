import { expect, it } from 'vitest';
import { describeEachDb } from '../../testing/harness.ts';
import { checkedOut, payInvoice, SELF_REG_PASSWORD, selfRegistered, THREE_CAMERAS } from './testing.ts';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' };

describeEachDb(
  'billing: geolocation, quotes, payment, subscription, licences',
  (ctx) => {
    it('locates by the browser language and falls back to US, USD, $', async () => {
      const t = ctx();
      const gb = await t.call({
        method: 'GET',
        url: '/geo',
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(gb.json).toEqual({
        country_code: 'GB',
        country_name: 'United Kingdom',
        continent_code: 'EU',
        currency: { code: 'GBP', symbol: '£' },
      });
      const none = await t.call({ method: 'GET', url: '/geo', headers: { 'accept-language': 'fr' } });
      expect(none.json).toEqual({
        country_code: 'US',
        country_name: 'United States',
        continent_code: 'NA',
        currency: { code: 'USD', symbol: '$' },
      });
      // A front's country header counts only behind TRUST_PROXY (off here).
      const forged = await t.call({ method: 'GET', url: '/geo', headers: { 'cf-ipcountry': 'NZ' } });
      expect(forged.json.country_code).toBe('US');
    });

    it('prices the spec table: 2MP, motion, 30 days, monthly, 1 camera is the per-camera price', async () => {
      const t = ctx();
      const base = (
        plans: {
          resolution: string;
          mode: string;
          storageDays: number;
          interval: string;
          tiers: unknown[];
        }[],
      ) =>
        plans.find(
          (p) =>
            p.resolution === '2MP' && p.mode === 'rom' && p.storageDays === 30 && p.interval === 'monthly',
        );
      const expected: Record<string, number> = {
        USD: 2.99,
        AUD: 4.49,
        CAD: 4.09,
        EUR: 2.79,
        GBP: 2.39,
        NZD: 4.99,
      };
      for (const [code, fee] of Object.entries(expected)) {
        const res = await t.call({ method: 'GET', url: `/pricing?currency=${code}` });
        expect([code, base(res.json.plans)?.tiers[0]]).toEqual([code, { camLowerLimit: 1, fee }]);
      }
      // USD in a discount region (India, by its language tag): 2.49.
      const india = await t.call({ method: 'GET', url: '/pricing', headers: { 'accept-language': 'en-IN' } });
      expect(india.json.discountRegion).toBe('test_region_asia');
      expect(base(india.json.plans)?.tiers[0]).toEqual({ camLowerLimit: 1, fee: 2.49 });
    });

    it('a self-registered user quotes, fails with a declined card, pays, and the payment step is done', async () => {
      const t = ctx();
      const u = await selfRegistered(t, 'payer@example.com');
      expect(u.login.incompleteSelfRegSteps).toEqual(['payment']);
      const quote = await t.call({
        method: 'POST',
        url: '/quotes',
        token: u.token,
        payload: { plan: THREE_CAMERAS, currency: 'GBP' },
        headers: { 'accept-language': 'en-GB' },
      });
      expect(quote.status, JSON.stringify(quote.json)).toBe(200);
      // 3 × 2.39 = 7.17, VAT 20 % = 1.43, total 8.60.
      expect(quote.json.price).toMatchObject({ subtotal: 7.17, tax: 1.43, total: 8.6 });
      const open = await t.call({ method: 'GET', url: `/quotes/${quote.json.id}` });
      expect(open.json.price.total).toBe(8.6);

      const checkout = await t.call({
        method: 'POST',
        url: `/account/${u.uid}/checkout`,
        token: u.token,
        payload: { quoteId: quote.json.id },
      });
      const invoice = checkout.json.invoice;
      expect(invoice).toMatchObject({ status: 'open', kind: 'subscription' });
      const pay = (card: object) =>
        t.call({
          method: 'POST',
          url: `/account/${u.uid}/invoices/${invoice.id}/pay`,
          token: u.token,
          payload: { provider: 'test', card },
        });
      const declined = await pay(DECLINED_CARD);
      expect(declined.status).toBe(402);
      expect(declined.json).toMatchObject({ code: 'payment_declined', error: 'Your card was declined.' });
      const paid = await pay(GOOD_CARD);
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
      expect(paid.json.invoice.status).toBe('paid');
      expect(paid.json.subscription).toMatchObject({ state: 'active', plan: { cameras: 3 } });
      // Paying again changes nothing.
      expect((await pay(GOOD_CARD)).json.invoice.paidAt).toBe(paid.json.invoice.paidAt);

      const steps = await t.call({ method: 'GET', url: `/account/${u.uid}/selfreg/steps`, token: u.token });
      expect(steps.json.incompleteSelfRegSteps).toEqual([]);
      const sub = await t.call({ method: 'GET', url: `/account/${u.uid}/subscription`, token: u.token });
      expect(sub.json.subscription.plan).toEqual(THREE_CAMERAS);
    });

    it('cancels to pending cancellation, reinstates, and lapses to cancelled at the period end', async () => {
      const t = ctx();
      const u = await selfRegistered(t, 'canceller@example.com');
      const { checkout } = await checkedOut(t, u, { plan: THREE_CAMERAS });
      await payInvoice(t, u, checkout.invoice.id, GOOD_CARD);
      let token = u.token;
      // Moving the clock by days ends the session: sign in again.
      const later = async (ms: number) => {
        t.clock.advance(ms);
        const login = await t.call({
          method: 'POST',
          url: '/login',
          payload: { email: 'canceller@example.com', password: SELF_REG_PASSWORD },
        });
        token = login.json.authToken;
      };
      const act = (what: string) =>
        t.call({ method: 'POST', url: `/account/${u.uid}/subscription/${what}`, token });
      expect((await act('cancel')).json.subscription.state).toBe('pending_cancellation');
      expect((await act('reinstate')).json.subscription.state).toBe('active');

      // A plan change to 5 cameras mid-period: an open proration invoice, due now.
      await later(15 * 86_400_000);
      const change = await t.call({
        method: 'PUT',
        url: `/account/${u.uid}/subscription`,
        token,
        payload: { plan: { ...THREE_CAMERAS, cameras: 5 } },
      });
      expect(change.status, JSON.stringify(change.json)).toBe(200);
      expect(change.json.subscription.plan.cameras).toBe(5);
      expect(change.json.due).toBeGreaterThan(0);
      expect(change.json.due).toBeLessThan(5.98);

      expect((await act('cancel')).json.subscription.state).toBe('pending_cancellation');
      await later(40 * 86_400_000);
      const after = await t.call({ method: 'GET', url: `/account/${u.uid}/subscription`, token });
      expect(after.json.subscription.state).toBe('cancelled');
      const reinstate = await act('reinstate');
      expect(reinstate.status).toBe(409);
      expect(reinstate.json.code).toBe('licence_upgrade');
    });

    it('refuses another user’s account; a quote link is accepted once, by whoever holds it', async () => {
      const t = ctx();
      const a = await selfRegistered(t, 'a@example.com');
      const b = await selfRegistered(t, 'b@example.com');
      const c = await selfRegistered(t, 'c@example.com');
      const peek = await t.call({ method: 'GET', url: `/account/${a.uid}/subscription`, token: b.token });
      expect(peek.status).toBe(403);
      // a's quote, sent to b (as a partner sends one to a new customer): b accepts it by paying.
      const quote = await t.call({
        method: 'POST',
        url: '/quotes',
        token: a.token,
        payload: { plan: THREE_CAMERAS },
      });
      const checkout = (who: { uid: string; token: string }) =>
        t.call({
          method: 'POST',
          url: `/account/${who.uid}/checkout`,
          token: who.token,
          payload: { quoteId: quote.json.id },
        });
      const invoice = (await checkout(b)).json.invoice;
      const paid = await t.call({
        method: 'POST',
        url: `/account/${b.uid}/invoices/${invoice.id}/pay`,
        token: b.token,
        payload: { provider: 'test', card: GOOD_CARD },
      });
      expect(paid.json.subscription.plan).toEqual(THREE_CAMERAS);
      expect((await t.call({ method: 'GET', url: `/quotes/${quote.json.id}` })).json.acceptedAt).toBeTypeOf(
        'number',
      );
      // Accepted once: nobody else takes it.
      const again = await checkout(c);
      expect([again.status, again.json.error]).toEqual([409, 'This quote has already been accepted']);
      // Another account's invoice is not found, even by id.
      const foreign = await t.call({
        method: 'GET',
        url: `/account/${c.uid}/invoices/${invoice.id}`,
        token: c.token,
      });
      expect(foreign.status).toBe(404);
    });

    it('the invoice way: support marks an invoice paid, which starts the plan and completes the step', async () => {
      const t = ctx();
      const u = await selfRegistered(t, 'by-transfer@example.com');
      const { checkout } = await checkedOut(t, u, { plan: THREE_CAMERAS });
      const url = `/account/${u.uid}/invoices/${checkout.invoice.id}/mark-paid`;
      expect((await t.call({ method: 'POST', url, token: u.token })).status).toBe(403);
      const support = await t.call({
        method: 'POST',
        url: '/login',
        payload: { email: t.config.SUPPORT_EMAIL, password: 'support-password-1' },
      });
      const marked = await t.call({ method: 'POST', url, token: support.json.authToken });
      expect(marked.status, JSON.stringify(marked.json)).toBe(200);
      expect(marked.json.invoice.status).toBe('paid');
      expect(marked.json.subscription.state).toBe('active');
      const steps = await t.call({ method: 'GET', url: `/account/${u.uid}/selfreg/steps`, token: u.token });
      expect(steps.json.incompleteSelfRegSteps).toEqual([]);
    });
  },
  { SELF_REG_INSTALLER_IDS: 'SELF1' },
);
