import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TestPaymentProvider } from './payments.ts';

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
