import { describe, expect, it } from 'vitest';
import { posOrder, signedHeaders } from './pos-orders.ts';

describe('point of sale', () => {
  it('makes the same order for the same number, its total the sum of its items', () => {
    // n = 2: three items, menu entries 6, 4 and 2, quantities 1, 2, 1; channels cycle, the third is the app.
    expect(posOrder(2, 1_790_000_000_000)).toEqual({
      orderId: 'POS-00002',
      placedAt: 1_790_000_000_000,
      totalMinor: 1795,
      currency: 'GBP',
      items: [
        { name: 'Mango lassi', quantity: 1, unitPriceMinor: 350 },
        { name: 'Garlic naan', quantity: 2, unitPriceMinor: 325 },
        { name: 'Vegetable biryani', quantity: 1, unitPriceMinor: 795 },
      ],
      channel: 'delivery app',
    });
  });
  it('signs "timestamp.body" with HMAC-SHA256 (openssl dgst -sha256 -hmac whsec_test)', () => {
    expect(signedHeaders('whsec_test', '{"type":"order.placed"}', 1_790_000_000_500)).toEqual({
      'content-type': 'application/json',
      'x-vigil-timestamp': '1790000000',
      'x-vigil-signature': 'v1=cb3271745d1598329b6f3b5cacf1cdec4b65c55e37adb24d6ddfa5cd09c47c50',
    });
  });
});
