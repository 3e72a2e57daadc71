import { cardOutcome } from './cards.ts';
import { type CheckoutSession, type PaymentIntent, stripeId, ZERO_DECIMAL } from './objects.ts';
import { authenticatePage, displayAmount, donePage, payPage } from './page.ts';
import type { StandInState } from './state.ts';

type Decline = { code: string; declineCode: string; message: string };
const AUTH_FAILED: Decline = {
  code: 'payment_intent_authentication_failure',
  declineCode: 'authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** What the hosted page answers: a page with its status, or a redirect back to the merchant. */
export type HostedAnswer = { status: number; page: string } | { status: 303; location: string };

const html = (status: number, page: string): HostedAnswer => ({ status, page });

const view = (s: CheckoutSession) => ({
  id: s.id,
  amount: s.amount_total,
  currency: s.currency,
  description: s.metadata.description ?? '',
  cancelUrl: s.cancel_url,
  price: displayAmount(s.amount_total, s.currency, ZERO_DECIMAL.has(s.currency)),
});

/**
 * Checkout's hosted page (decision 0750): GET shows the card form; POST confirms the session's PaymentIntent with
 * the typed card (Stripe's test card outcomes), asking for authentication first where the card needs it; a paid
 * session sends the payer back to the merchant's success URL, a declined card stays on the page with the reason.
 */
export class HostedCheckout {
  readonly #s: StandInState;
  /** The card a payment asking for authentication was made with, until it is authenticated. */
  readonly #cards = new Map<string, { brand: string; last4: string }>();
  constructor(state: StandInState) {
    this.#s = state;
  }

  handle(method: string, path: string, body: string): HostedAnswer {
    const [, , , id, step] = path.split('/');
    const s = this.#s.sessions.get(id ?? '');
    if (!s) return html(404, donePage('This payment page does not exist.'));
    if (s.status !== 'open') return html(410, donePage('This payment is already complete.'));
    if (method === 'GET') return html(200, payPage(view(s)));
    const form = new URLSearchParams(body);
    const pi = this.#intentOf(s);
    if (step === 'authenticate') {
      if (pi.status !== 'requires_action') return html(200, payPage(view(s)));
      if (form.get('outcome') === 'complete') return this.#succeed(s, pi);
      return this.#decline(s, pi, AUTH_FAILED);
    }
    const number = (form.get('cardNumber') ?? '').replace(/[ -]/g, '');
    const outcome = cardOutcome(number, form.get('cardExpiry') ?? '', new Date());
    if (outcome.kind === 'declined') return this.#decline(s, pi, outcome);
    this.#cards.set(pi.id, { brand: outcome.brand, last4: number.slice(-4) });
    if (outcome.kind === 'authenticate') {
      pi.status = 'requires_action';
      return html(200, authenticatePage(view(s)));
    }
    return this.#succeed(s, pi);
  }

  #intentOf(s: CheckoutSession): PaymentIntent {
    const existing = s.payment_intent ? this.#s.intents.get(s.payment_intent) : undefined;
    if (existing) return existing;
    const pi: PaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount: s.amount_total,
      currency: s.currency,
      status: 'requires_payment_method',
      customer: s.customer,
      metadata: s.metadata,
      last_payment_error: null,
      latest_charge: null,
      created: this.#s.now(),
    };
    this.#s.intents.set(pi.id, pi);
    s.payment_intent = pi.id;
    return pi;
  }

  #succeed(s: CheckoutSession, pi: PaymentIntent): HostedAnswer {
    const card = this.#cards.get(pi.id) ?? { brand: 'visa', last4: '4242' };
    const charge = {
      id: stripeId('ch'),
      object: 'charge' as const,
      amount: pi.amount,
      currency: pi.currency,
      paid: true as const,
      payment_intent: pi.id,
      payment_method_details: { type: 'card' as const, card },
      created: this.#s.now(),
    };
    this.#s.charges.set(charge.id, charge);
    Object.assign(pi, { status: 'succeeded', latest_charge: charge.id, last_payment_error: null });
    Object.assign(s, { status: 'complete', payment_status: 'paid', url: null });
    this.#s.emit('payment_intent.succeeded', pi);
    this.#s.emit('checkout.session.completed', s);
    return { status: 303, location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) };
  }

  #decline(s: CheckoutSession, pi: PaymentIntent, e: Decline): HostedAnswer {
    Object.assign(pi, {
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: e.code,
        decline_code: e.declineCode,
        message: e.message,
      },
    });
    this.#s.emit('payment_intent.payment_failed', pi);
    return html(402, payPage(view(s), e.message));
  }
}
