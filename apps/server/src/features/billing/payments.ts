import { randomId } from '../../shared/random.ts';

/** A payment asked of a provider: the invoice it settles (also the idempotency key), amount and card. */
export interface ChargeRequest {
  invoiceId: string;
  amount: number;
  currency: string;
  card: { number: string; expiry: string; cvc: string };
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; reason: string };

/**
 * A payment provider (decision 0741). A real one (a card processor's SDK with its hosted checkout and signed
 * webhooks) implements the same method; the service never knows which one it talks to.
 */
export interface PaymentProvider {
  readonly name: 'test';
  charge(req: ChargeRequest): Promise<ChargeResult>;
}

/** What a charge answers where the test provider is off: a server in production with no real provider yet. */
export const TEST_PROVIDER_OFF =
  'Card payments are not set up on this server yet. Ask support to mark the invoice paid.';

/** Card numbers the test provider declines, and why; every other well-formed number is paid. */
export const TEST_DECLINED_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};

/**
 * THE BUILT-IN TEST PROVIDER: no money moves. It works without the internet so the whole flow runs on any machine,
 * and it behaves as a processor's test mode does: fixed decline numbers, an expired-card check, a Luhn check, and
 * one charge per invoice however often it is asked (idempotent on the invoice id).
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly #charges = new Map<string, string>();
  readonly #now: () => number;
  readonly #enabled: boolean;
  /** `enabled` false (production unless PAYMENTS_TEST_PROVIDER=true): every charge is refused, saying why. */
  constructor(now: () => number, o: { enabled?: boolean } = {}) {
    this.#now = now;
    this.#enabled = o.enabled ?? true;
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    if (!this.#enabled) return { ok: false, reason: TEST_PROVIDER_OFF };
    const done = this.#charges.get(req.invoiceId);
    if (done) return { ok: true, reference: done };
    const number = req.card.number.replace(/ /g, '');
    if (!luhn(number)) return { ok: false, reason: 'Your card number is incorrect.' };
    const declined = TEST_DECLINED_CARDS[number];
    if (declined) return { ok: false, reason: declined };
    if (expired(req.card.expiry, this.#now())) return { ok: false, reason: 'Your card has expired.' };
    const reference = `test_ch_${randomId()}`;
    this.#charges.set(req.invoiceId, reference);
    return { ok: true, reference };
  }
}

/** The Luhn checksum every card number carries. */
export function luhn(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY is good to the end of that month (UTC). */
function expired(expiry: string, now: number): boolean {
  const [mm, yy] = expiry.split('/').map(Number) as [number, number];
  return Date.UTC(2000 + yy, mm, 1) <= now;
}

/** Where the payer approves a PayPal payment, and the token PayPal hands back on the way home. */
export interface PayPalApproval {
  token: string;
  /** PayPal's approval page; the stand-in's is our own /paypal-confirm (a path on this server). */
  approvalUrl: string;
}

/**
 * PayPal as a redirect provider (decision 0745): `approve` makes an order and says where the payer approves it;
 * PayPal sends them back to the return path with `token`; `capture` takes the money. A real PayPal client (its
 * Orders API: create, then capture) implements this with credentials; until then the stand-in below does.
 */
export interface PayPalProvider {
  readonly name: 'paypal';
  approve(req: {
    invoiceId: string;
    amount: number;
    currency: string;
    returnPath: string;
  }): Promise<PayPalApproval>;
  capture(req: { invoiceId: string; token: string }): Promise<ChargeResult>;
}

/** What capturing answers where the stand-in is off: no PayPal credentials on a production server. */
export const PAYPAL_STANDIN_OFF =
  'PayPal is not set up on this server yet. Your invoice stays open: pay it by transfer and support marks it paid.';

/**
 * THE PAYPAL STAND-IN: no PayPal site, no money. Approving skips PayPal and goes straight to the return page with a
 * token (as PayPal's redirect does); capturing a token of that invoice settles it, once. Off (production without
 * PAYMENTS_TEST_PROVIDER), capturing refuses and the invoice stays open for support to mark paid: the invoice way.
 * Tokens live in this process, as an order lives at PayPal for its approval's few minutes.
 */
export class PayPalStandIn implements PayPalProvider {
  readonly name = 'paypal' as const;
  readonly #orders = new Map<string, { invoiceId: string; captured?: string }>();
  readonly #enabled: boolean;
  constructor(o: { enabled?: boolean } = {}) {
    this.#enabled = o.enabled ?? true;
  }

  async approve(req: { invoiceId: string; returnPath: string }): Promise<PayPalApproval> {
    const token = `STANDIN-${randomId()}`;
    this.#orders.set(token, { invoiceId: req.invoiceId });
    const sep = req.returnPath.includes('?') ? '&' : '?';
    return { token, approvalUrl: `${req.returnPath}${sep}token=${encodeURIComponent(token)}` };
  }

  async capture(req: { invoiceId: string; token: string }): Promise<ChargeResult> {
    const order = this.#orders.get(req.token);
    if (!order || order.invoiceId !== req.invoiceId)
      return { ok: false, reason: 'This PayPal approval is not known or has expired. Start again.' };
    if (!this.#enabled) return { ok: false, reason: PAYPAL_STANDIN_OFF };
    order.captured ??= `paypal_standin_${randomId()}`;
    return { ok: true, reference: order.captured };
  }
}
