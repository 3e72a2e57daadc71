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
 * A payment provider (decisions 0741, 0750), of one of two kinds: the card typed into our own form and charged by
 * the provider (`card-form`: the built-in test provider), or typed on the provider's hosted page, the payer sent
 * there and back and the outcome confirmed by a signed webhook (`hosted`: Stripe Checkout). The service asks which
 * kind it has, never which provider.
 */
export type PaymentProvider = CardFormProvider | HostedCheckoutProvider;

export interface CardFormProvider {
  readonly kind: 'card-form';
  readonly name: 'test';
  charge(req: ChargeRequest): Promise<ChargeResult>;
}

/** A hosted checkout's session as the provider reports it. */
export interface HostedSession {
  id: string;
  paid: boolean;
  /** The invoice it was made for (our metadata), as the provider stored it. */
  invoiceId: string | null;
  /** In the currency's smallest unit, as the provider counts. */
  amountMinor: number;
  currency: string;
  /** The payment's reference once paid (the PaymentIntent). */
  reference: string | null;
  /** The paying card's last four digits, when the provider's answer carried them. */
  cardLast4: string | null;
}

/** A webhook's event, read and its signature checked: a session paid, a payment failed, or something else. */
export type HostedEvent = { id: string; type: string } & (
  | { kind: 'paid'; session: HostedSession }
  | { kind: 'failed'; invoiceId: string | null }
  | { kind: 'other' }
);

export interface HostedCheckoutRequest {
  invoiceId: string;
  customerId: string;
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface HostedCheckoutProvider {
  readonly kind: 'hosted';
  readonly name: 'stripe';
  /** The provider's customer for an account; made once (idempotently), its id kept by the caller. */
  createCustomer(req: { uid: string; email: string | null }): Promise<string>;
  /** A hosted checkout for an invoice; asking again for the same invoice answers the same session. */
  begin(req: HostedCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  session(sessionId: string): Promise<HostedSession>;
  /** The event of a webhook's raw body, its signature header checked; throws when the signature does not hold. */
  event(rawBody: Buffer, signature: string | undefined): HostedEvent;
  /** The amount in the provider's minor units (cents; whole yen). */
  minorUnits(amount: number, currency: string): number;
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
export class TestPaymentProvider implements CardFormProvider {
  readonly kind = 'card-form' as const;
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
