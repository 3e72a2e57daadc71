import { describe, expect, it } from 'vitest';
import { ordersDashboard } from './dashboard.ts';
import { signOrderWebhook, verifyOrderWebhook } from './signature.ts';

const SECRET = 'whsec_test';
const BODY = Buffer.from('{"type":"order.placed"}');
const T = 1_790_000_000;

describe('order webhook signature (decision 0840)', () => {
  it('signs HMAC-SHA256 over "<timestamp>.<raw body>" as v1=<hex>', () => {
    // Computed independently: printf '1790000000.{"type":"order.placed"}' | openssl dgst -sha256 -hmac whsec_test
    expect(signOrderWebhook(SECRET, T, BODY)).toBe(
      'v1=cb3271745d1598329b6f3b5cacf1cdec4b65c55e37adb24d6ddfa5cd09c47c50',
    );
  });

  const check = (o: Partial<Parameters<typeof verifyOrderWebhook>[0]>) =>
    verifyOrderWebhook({
      secret: SECRET,
      timestamp: String(T),
      signature: signOrderWebhook(SECRET, T, BODY),
      rawBody: BODY,
      nowMs: T * 1000,
      ...o,
    });

  it('accepts a good signature within 300 s either way, and one of several values', () => {
    expect(check({})).toEqual({ ok: true });
    expect(check({ nowMs: (T + 300) * 1000 })).toEqual({ ok: true });
    expect(check({ nowMs: (T - 300) * 1000 })).toEqual({ ok: true });
    expect(check({ signature: `v1=${'0'.repeat(64)}, ${signOrderWebhook(SECRET, T, BODY)}` })).toEqual({
      ok: true,
    });
  });

  it('refuses a stale or future timestamp, another body, another secret, no secret, missing headers', () => {
    expect(check({ nowMs: (T + 301) * 1000 })).toMatchObject({ ok: false, code: 'signature_expired' });
    expect(check({ nowMs: (T - 301) * 1000 })).toMatchObject({ ok: false, code: 'signature_expired' });
    expect(check({ rawBody: Buffer.from('{"type":"order.placed" }') })).toMatchObject({
      ok: false,
      code: 'signature_invalid',
      message: 'The signature does not match',
    });
    expect(check({ secret: 'whsec_other' })).toMatchObject({ code: 'signature_invalid' });
    expect(check({ secret: null })).toMatchObject({ code: 'signature_invalid' });
    expect(check({ signature: undefined })).toMatchObject({ message: 'The signature header is missing' });
    expect(check({ timestamp: 'yesterday' })).toMatchObject({
      message: 'The timestamp header is missing or not epoch seconds',
    });
    // The timestamp is signed: a captured signature with a fresh timestamp does not match.
    expect(check({ timestamp: String(T + 10) })).toMatchObject({ code: 'signature_invalid' });
    expect(check({ signature: 'v1=abc' })).toMatchObject({ code: 'signature_invalid' });
  });
});

describe('orders dashboard (pure)', () => {
  it('counts orders and disputes per day of the zone, every day listed, disputes by state', () => {
    // 2026-03-28 00:00 to 2026-03-31 00:00 in London: the clocks go forward on the 29th (a 23-hour day).
    const from = Date.UTC(2026, 2, 28, 0);
    const to = Date.UTC(2026, 2, 30, 23);
    const rows = [
      { placedAt: Date.UTC(2026, 2, 28, 12), disputeStatus: null, disputeOpenedAt: null },
      {
        placedAt: Date.UTC(2026, 2, 28, 23, 30),
        disputeStatus: 'won',
        disputeOpenedAt: Date.UTC(2026, 2, 29, 9),
      },
      // 23:30 UTC on the 29th is 00:30 on the 30th in London (summer time).
      {
        placedAt: Date.UTC(2026, 2, 29, 23, 30),
        disputeStatus: 'open',
        disputeOpenedAt: Date.UTC(2026, 2, 30, 10),
      },
      // Placed before the range, disputed in it: a dispute of the day, not an order.
      { placedAt: Date.UTC(2026, 2, 20), disputeStatus: 'lost', disputeOpenedAt: Date.UTC(2026, 2, 28, 8) },
    ];
    expect(ordersDashboard(rows, from, to, 'Europe/London')).toEqual({
      days: [
        { day: '2026-03-28', orders: 2, disputes: 1 },
        { day: '2026-03-29', orders: 0, disputes: 1 },
        { day: '2026-03-30', orders: 1, disputes: 1 },
      ],
      disputes: { open: 1, won: 1, lost: 1 },
    });
  });
});
