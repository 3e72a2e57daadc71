import type { HostedCheckoutAnswer, Payment } from '@vigil/contracts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import type { BillingService } from './billing-service.ts';
import { planLine } from './invoice-pdf.ts';
import type { HostedCheckoutProvider, HostedSession, PaymentProvider } from './payments.ts';
import type { PaymentsRepository } from './payments-repository.ts';

export interface HostedPaymentsDeps {
  provider: PaymentProvider;
  repo: PaymentsRepository;
  billing: BillingService;
  emailOf: (uid: string) => Promise<string | null>;
  /** The origin the payer comes back to from the hosted page (PUBLIC_URL). */
  publicUrl: string;
  now: () => number;
  log?: (msg: string, data: Record<string, unknown>) => void;
}

/**
 * Paying on a provider's hosted page (decision 0750): send the payer there, and settle the invoice when the
 * provider says it is paid — by its signed webhook, or when the payer comes back with the session id, whichever is
 * first. Everything that outlives a request (the account's customer, the sessions, the events handled) is in the
 * database, so a webhook delivered after a restart finds its invoice and one delivered twice acts once.
 */
export class HostedPayments {
  readonly #d: HostedPaymentsDeps;
  constructor(d: HostedPaymentsDeps) {
    this.#d = d;
  }

  #provider(): HostedCheckoutProvider {
    const p = this.#d.provider;
    if (p.kind !== 'hosted')
      throw new HttpError(409, 'not_hosted_checkout', 'Cards are paid on the payment page of this server.');
    return p;
  }

  /** Where the payer types their card: the provider's page for this invoice (the same one if asked again). */
  async start(uid: string, invoiceId: string): Promise<HostedCheckoutAnswer> {
    const provider = this.#provider();
    const inv = await this.#d.billing.invoice(uid, invoiceId);
    if (inv.status === 'paid') throw conflict('This invoice is already paid');
    if (inv.status === 'void') throw conflict('This invoice was cancelled');
    const customerId =
      (await this.#d.repo.stripeCustomer(uid)) ??
      (await this.#d.repo.addStripeCustomer(
        uid,
        await provider.createCustomer({ uid, email: await this.#d.emailOf(uid) }),
        this.#d.now(),
      ));
    const back = `${this.#d.publicUrl}/payment?invoice=${encodeURIComponent(invoiceId)}`;
    const { sessionId, url } = await provider.begin({
      invoiceId,
      customerId,
      amount: inv.price.total,
      currency: inv.price.currency.code,
      description: `Vigil plan: ${planLine(inv.plan)}, ${inv.plan.cameras} camera(s)`,
      successUrl: `${back}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: back,
    });
    await this.#d.repo.addCheckout({
      session_id: sessionId,
      invoice_id: invoiceId,
      uid,
      created_at: this.#d.now(),
    });
    return { url };
  }

  /** The payer is back from the hosted page: settle now if the provider says the session is paid. */
  async confirm(uid: string, invoiceId: string, sessionId: string): Promise<Payment> {
    const provider = this.#provider();
    const inv = await this.#d.billing.invoice(uid, invoiceId);
    const checkout = await this.#d.repo.checkout(sessionId);
    if (!checkout || checkout.invoice_id !== invoiceId) throw notFound('This payment does not exist');
    if (inv.status === 'paid') return this.#d.billing.settleReported(invoiceId, '', provider.name);
    const session = await provider.session(sessionId);
    if (!session.paid)
      throw new HttpError(402, 'payment_not_completed', 'The payment is not complete. Pay by card again.');
    return this.#settle(session);
  }

  /**
   * A webhook: the signature is checked on the raw body before anything is read; an event already handled is
   * answered without acting again; the event is recorded only after it was acted on, so a delivery that failed
   * halfway is acted on when the provider delivers it again.
   */
  async webhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    const provider = this.#provider();
    let event: ReturnType<HostedCheckoutProvider['event']>;
    try {
      event = provider.event(rawBody, signature);
    } catch {
      throw new HttpError(400, 'signature_invalid', 'The signature does not match the body');
    }
    if (await this.#d.repo.eventSeen(event.id)) return { received: true, duplicate: true };
    try {
      if (event.kind === 'paid' && event.session.paid) await this.#settle(event.session);
      if (event.kind === 'failed' && event.invoiceId) await this.#d.billing.failedReported(event.invoiceId);
    } catch (err) {
      // A session that is not ours, or that does not match its invoice, is not made right by delivering it again:
      // answered 2xx (and logged), so the provider stops retrying. Anything else (the database away) is retried.
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      this.#d.log?.('a payment event was not acted on', { event: event.id, reason: err.message });
    }
    await this.#d.repo.addEvent(event.id, event.type, this.#d.now());
    return { received: true, duplicate: false };
  }

  /** Settles the invoice a paid session was made for, if the session is ours and its amount is the invoice's. */
  async #settle(reported: HostedSession): Promise<Payment> {
    const provider = this.#provider();
    const checkout = await this.#d.repo.checkout(reported.id);
    if (!checkout) throw notFound('This payment does not exist');
    // An event's session does not carry the card: asked once more for the billing page's "Card ending …".
    const s = reported.cardLast4 ? reported : await provider.session(reported.id).catch(() => reported);
    const inv = await this.#d.billing.invoice(checkout.uid, checkout.invoice_id);
    const due = provider.minorUnits(inv.price.total, inv.price.currency.code);
    if (s.amountMinor !== due || s.currency !== inv.price.currency.code) {
      this.#d.log?.('a paid session does not match its invoice', { session: s.id, due, paid: s.amountMinor });
      throw conflict('The payment does not match the invoice');
    }
    return this.#d.billing.settleReported(
      checkout.invoice_id,
      s.reference ?? s.id,
      provider.name,
      s.cardLast4,
    );
  }
}
