import Stripe from 'stripe';
import type {
  HostedCheckoutProvider,
  HostedCheckoutRequest,
  HostedEvent,
  HostedSession,
} from './payments.ts';

/** Currencies Stripe counts in whole units (its "zero-decimal" list): 500 JPY is `unit_amount: 500`. */
const ZERO_DECIMAL = new Set('BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '));
/** Currencies Stripe counts in thousandths (the last digit 0). */
const THREE_DECIMAL = new Set('BHD JOD KWD OMR TND'.split(' '));

/** Settings of the Stripe provider (decision 0750): keys, and where the API is when it is not api.stripe.com. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** e.g. `http://127.0.0.1:12111` (the local stand-in); unset: Stripe's own API over HTTPS. */
  apiBase?: string;
}

/** The SDK's client, pointed at `apiBase` through its host, port and protocol options. */
export function stripeClient(s: StripeSettings): Stripe {
  const base = s.apiBase ? new URL(s.apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(s.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/**
 * Stripe Checkout through the official SDK (decision 0750): a Customer per account, a Checkout Session per invoice
 * (mode payment, the invoice's total as one line), both created with idempotency keys derived from what they are
 * for, so a retry or a second click makes nothing twice; webhooks verified with `webhooks.constructEvent`.
 */
export class StripeCheckoutProvider implements HostedCheckoutProvider {
  readonly kind = 'hosted' as const;
  readonly name = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  constructor(s: StripeSettings) {
    this.#stripe = stripeClient(s);
    this.#webhookSecret = s.webhookSecret;
  }

  async createCustomer(req: { uid: string; email: string | null }): Promise<string> {
    const c = await this.#stripe.customers.create(
      { ...(req.email ? { email: req.email } : {}), metadata: { uid: req.uid } },
      { idempotencyKey: `vigil-customer-${req.uid}` },
    );
    return c.id;
  }

  async begin(req: HostedCheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const s = await this.#stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer: req.customerId,
        client_reference_id: req.invoiceId,
        metadata: { invoiceId: req.invoiceId, description: req.description },
        payment_intent_data: { metadata: { invoiceId: req.invoiceId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: req.currency.toLowerCase(),
              unit_amount: this.minorUnits(req.amount, req.currency),
              product_data: { name: req.description },
            },
          },
        ],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      },
      { idempotencyKey: `vigil-checkout-${req.invoiceId}` },
    );
    if (!s.url) throw new Error(`Stripe gave checkout session ${s.id} no URL`);
    return { sessionId: s.id, url: s.url };
  }

  async session(sessionId: string): Promise<HostedSession> {
    // The card's last digits are on the payment's charge: expanded in the same request.
    return sessionOf(
      await this.#stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] }),
    );
  }

  event(rawBody: Buffer, signature: string | undefined): HostedEvent {
    const e = this.#stripe.webhooks.constructEvent(rawBody, signature ?? '', this.#webhookSecret);
    const base = { id: e.id, type: e.type };
    if (e.type === 'checkout.session.completed' || e.type === 'checkout.session.async_payment_succeeded')
      return { ...base, kind: 'paid', session: sessionOf(e.data.object) };
    if (e.type === 'payment_intent.payment_failed')
      return { ...base, kind: 'failed', invoiceId: e.data.object.metadata?.invoiceId ?? null };
    return { ...base, kind: 'other' };
  }

  minorUnits(amount: number, currency: string): number {
    const code = currency.toUpperCase();
    if (ZERO_DECIMAL.has(code)) return Math.round(amount);
    if (THREE_DECIMAL.has(code)) return Math.round(amount * 100) * 10;
    return Math.round(amount * 100);
  }
}

function sessionOf(s: Stripe.Checkout.Session): HostedSession {
  const pi = s.payment_intent;
  const charge =
    typeof pi === 'object' && pi && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  return {
    id: s.id,
    paid: s.payment_status === 'paid',
    invoiceId: s.metadata?.invoiceId ?? s.client_reference_id ?? null,
    amountMinor: s.amount_total ?? 0,
    currency: (s.currency ?? '').toUpperCase(),
    reference: typeof pi === 'string' ? pi : (pi?.id ?? null),
    cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
  };
}
