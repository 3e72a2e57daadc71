import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TestPaymentProvider } from './payments.ts';
import { StripeCheckoutProvider } from './stripe-provider.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const charge = (p: TestPaymentProvider) =>
  p.charge({ invoiceId: 'inv1', amount: 2.99, currency: 'USD', card: CARD });
const NOW = Date.UTC(2026, 10, 24);

describe('the built-in test payment provider outside a test machine (decision 0741)', () => {
  it('is on by default, off in production unless PAYMENTS_TEST_PROVIDER says true', () => {
    expect(loadConfig({}).PAYMENTS_TEST_PROVIDER).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENTS_TEST_PROVIDER).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_PROVIDER: 'true' }).PAYMENTS_TEST_PROVIDER,
    ).toBe(true);
  });

  it('off, it refuses a good test card, saying what to do instead', async () => {
    expect(await charge(new TestPaymentProvider(() => NOW, { enabled: false }))).toEqual({
      ok: false,
      reason: 'Card payments are not set up on this server yet. Ask support to mark the invoice paid.',
    });
    expect(await charge(new TestPaymentProvider(() => NOW))).toMatchObject({ ok: true });
  });
});

describe('the card provider configuration chooses (decision 0750)', () => {
  it('stays the test provider by default; Stripe needs its secret key and webhook secret', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('test');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_12345678' })).toThrow(
      'PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    const c = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_12345678',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect([c.PAYMENT_PROVIDER, c.STRIPE_API_BASE]).toEqual(['stripe', 'http://127.0.0.1:12111']);
  });

  it('counts amounts in Stripe minor units: cents, whole yen, thousandths of a dinar', () => {
    const p = new StripeCheckoutProvider({ secretKey: 'sk_test_12345678', webhookSecret: 'whsec_12345678' });
    expect(p.minorUnits(8.6, 'GBP')).toBe(860);
    expect(p.minorUnits(2.99, 'USD')).toBe(299);
    expect(p.minorUnits(1.005 * 1000, 'JPY')).toBe(1005);
    expect(p.minorUnits(4.49, 'KWD')).toBe(4490);
  });
});
