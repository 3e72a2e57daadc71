import { describe, expect, it } from 'vitest';
import { AUTHENTICATE_CARD, cardOutcome } from './cards.ts';
import { parseStripeForm } from './form.ts';
import { startStripeStandIn } from './standin.ts';

const NOW = new Date(Date.UTC(2026, 10, 24));

describe('the Stripe stand-in (decision 0750)', () => {
  it("reads Stripe's bracketed form bodies back into objects and arrays", () => {
    expect(
      parseStripeForm(
        'mode=payment&metadata[invoiceId]=inv1&line_items[0][quantity]=1&line_items[0][price_data][unit_amount]=299&line_items[1][quantity]=2',
      ),
    ).toEqual({
      mode: 'payment',
      metadata: { invoiceId: 'inv1' },
      line_items: [{ quantity: '1', price_data: { unit_amount: '299' } }, { quantity: '2' }],
    });
  });

  it("answers Stripe's test cards as Stripe's test mode does", () => {
    expect(cardOutcome('4242 4242 4242 4242', '12/39', NOW)).toEqual({ kind: 'succeeded', brand: 'visa' });
    expect(cardOutcome('4000000000000002', '12/39', NOW)).toMatchObject({
      kind: 'declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(cardOutcome(AUTHENTICATE_CARD, '12/39', NOW).kind).toBe('authenticate');
    expect(cardOutcome('4242424242424241', '12/39', NOW)).toMatchObject({ code: 'incorrect_number' });
    expect(cardOutcome('4242424242424242', '10/26', NOW)).toMatchObject({ code: 'expired_card' });
  });

  it('refuses a wrong key, and an idempotency key sent again with other parameters', async () => {
    const s = await startStripeStandIn({ port: 0 });
    try {
      const post = (key: string, body: string, auth = `Bearer ${s.secretKey}`) =>
        fetch(`${s.base}/v1/customers`, {
          method: 'POST',
          headers: {
            authorization: auth,
            'idempotency-key': key,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body,
        });
      expect((await post('k', 'email=a%40example.com', 'Bearer sk_test_wrong')).status).toBe(401);
      const first = await post('k', 'email=a%40example.com');
      const again = await post('k', 'email=a%40example.com');
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await again.json()).id).toBe((await first.json()).id);
      const other = await post('k', 'email=b%40example.com');
      expect(other.status).toBe(400);
      expect((await other.json()).error.type).toBe('idempotency_error');
      expect(s.customers.size).toBe(1);
    } finally {
      await s.close();
    }
  });
});
