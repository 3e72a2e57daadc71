import {
  type Invoice,
  type PlanSelection,
  type PricingData,
  priceOf,
  type Quote,
  type Subscription,
} from '@vigil/contracts';
import type { InvoicesTable } from '@vigil/db';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { randomId } from '../../shared/random.ts';
import type { BillingRepository } from './billing-repository.ts';
import { toInvoice, toQuote } from './mapping.ts';
import type { PaymentProvider } from './payments.ts';
import type { PayPalApproval, PayPalProvider } from './paypal.ts';
import type { PriceContext } from './price-lists.ts';
import type { SubscriptionService } from './subscription-service.ts';

export interface BillingDeps {
  repo: BillingRepository;
  provider: PaymentProvider;
  paypal: PayPalProvider;
  priceList: (ctx: PriceContext) => Promise<PricingData>;
  subscriptions: SubscriptionService;
  /** Marks a self-registration step complete (auth's, spec 000 §4): payment, once paid. */
  completeSelfRegStep: (uid: string, step: string) => Promise<void>;
  /** A first plan was invoiced to a customer by `madeBy` (decision 0873): the customer is e-mailed. */
  onFirstPlan?: (madeBy: string, invoice: Invoice) => Promise<void>;
  now: () => number;
}

/** Quotes, checkout and payment (decisions 0740, 0741): a quote fixes a price, checkout invoices it, paying starts the plan. */
export class BillingService {
  readonly #d: BillingDeps;
  /** Settlements under way in this process, by invoice: a second report waits for the first (see #settle). */
  readonly #settling = new Map<string, Promise<{ invoice: Invoice; subscription: Subscription }>>();
  constructor(d: BillingDeps) {
    this.#d = d;
  }

  /** A quote for the maker (or, made by a partner, for its customer `forUid`), priced from the list of `ctx`. */
  async quote(madeBy: string, plan: PlanSelection, ctx: PriceContext, forUid?: string): Promise<Quote> {
    const price = priceOf(await this.#d.priceList(ctx), plan);
    if (!price) throw badRequest('plan: this plan is not sold in this currency');
    const row = {
      id: randomId(),
      made_by: madeBy,
      for_uid: forUid ?? null,
      plan: JSON.stringify(plan),
      price: JSON.stringify(price),
      created_at: this.#d.now(),
      accepted_at: null,
    };
    await this.#d.repo.addQuote(row);
    return toQuote(row);
  }

  /** A quote by its id: the id is the capability (22 random characters), as a share link's is. */
  async getQuote(id: string): Promise<Quote> {
    const row = await this.#d.repo.findQuote(id);
    if (!row) throw notFound('This quote does not exist');
    return toQuote(row);
  }

  /** Invoices a quote for the customer; paying the invoice accepts the quote and starts the subscription. */
  async checkout(uid: string, quoteId: string): Promise<Invoice> {
    const q = await this.#d.repo.findQuote(quoteId);
    // A quote for a named customer is theirs alone; any other quote is accepted by whoever holds its link (a partner
    // sends one to a customer who has no account yet), once.
    if (!q || (q.for_uid !== null && q.for_uid !== uid)) throw notFound('This quote does not exist');
    if (q.accepted_at !== null) throw conflict('This quote has already been accepted');
    const current = await this.#d.subscriptions.current(uid);
    if (current && current.state !== 'cancelled')
      throw conflict('You already have a plan: change it on the plan page', 'conflict');
    const row = {
      id: randomId(),
      uid,
      plan: q.plan,
      price: q.price,
      status: 'open' as const,
      provider: this.#d.provider.name,
      provider_ref: q.id,
      kind: 'subscription' as const,
      created_at: this.#d.now(),
      paid_at: null,
    };
    const number = await this.#d.repo.addInvoice(row);
    return toInvoice({ ...row, number, card_last4: null });
  }

  /**
   * A customer's first plan chosen by its installer or distributor (decision 0873): quoted at the customer's prices
   * and invoiced to the customer, exactly the customer's own checkout of that quote; paying it (the customer, from
   * their plan page) starts the plan. One such invoice waits at a time; a running plan is changed instead.
   */
  async firstPlan(madeBy: string, uid: string, plan: PlanSelection, ctx: PriceContext): Promise<Invoice> {
    const current = await this.#d.subscriptions.current(uid);
    if (current && current.state !== 'cancelled')
      throw conflict('This customer already has a plan: change it instead', 'conflict');
    const waiting = (await this.#d.repo.invoicesOf(uid)).find(
      (i) => i.kind === 'subscription' && (i.status === 'open' || i.status === 'failed'),
    );
    if (waiting)
      throw conflict('A first plan already waits for the customer to pay its invoice', 'invoice_open');
    const quote = await this.quote(madeBy, plan, ctx, uid);
    const invoice = await this.checkout(uid, quote.id);
    await this.#d.onFirstPlan?.(madeBy, invoice);
    return invoice;
  }

  async invoice(uid: string, id: string): Promise<Invoice> {
    const row = await this.#d.repo.findInvoice(id);
    if (!row || row.uid !== uid) throw notFound('This invoice does not exist');
    return toInvoice(row);
  }

  async invoices(uid: string): Promise<Invoice[]> {
    return (await this.#d.repo.invoicesOf(uid)).map(toInvoice);
  }

  /**
   * Pays an open invoice with the provider. Paying twice is harmless (a paid invoice answers as it is). A paid
   * subscription invoice starts the plan and completes the self-registration payment step.
   */
  async pay(
    uid: string,
    invoiceId: string,
    card: { number: string; expiry: string; cvc: string },
  ): Promise<{ invoice: Invoice; subscription: Subscription }> {
    const row = await this.#d.repo.findInvoice(invoiceId);
    if (!row || row.uid !== uid) throw notFound('This invoice does not exist');
    if (row.status === 'paid')
      return { invoice: toInvoice(row), subscription: await this.#subscription(uid) };
    if (row.status === 'void') throw conflict('This invoice was cancelled');
    const provider = this.#d.provider;
    if (provider.kind !== 'card-form')
      throw new HttpError(
        409,
        'hosted_checkout',
        "Cards are taken on the payment provider's page: choose Pay by card.",
      );
    const inv = toInvoice(row);
    const result = await provider.charge({
      invoiceId,
      amount: inv.price.total,
      currency: inv.price.currency.code,
      card,
    });
    if (!result.ok) {
      await this.#d.repo.setInvoice(invoiceId, { status: 'failed' });
      throw new HttpError(402, 'payment_declined', result.reason);
    }
    const last4 = card.number.replace(/ /g, '').slice(-4);
    return this.#settle(uid, row, result.reference, { provider: this.#d.provider.name, card_last4: last4 });
  }

  /**
   * Starts paying an open invoice with PayPal (decision 0745): the provider answers where the payer approves the
   * payment; PayPal then sends them back to /paypal-confirm with its token.
   */
  async startPayPal(uid: string, invoiceId: string): Promise<PayPalApproval> {
    const inv = await this.#payable(uid, invoiceId);
    if (inv.status === 'paid') throw conflict('This invoice is already paid');
    return this.#d.paypal.approve({
      invoiceId,
      amount: inv.price.total,
      currency: inv.price.currency.code,
      returnPath: `/paypal-confirm?invoice=${encodeURIComponent(invoiceId)}`,
    });
  }

  /** The payer approved on PayPal and came back to /paypal-confirm: capture the payment and settle the invoice. */
  async capturePayPal(uid: string, invoiceId: string, token: string) {
    const inv = await this.#payable(uid, invoiceId);
    if (inv.status === 'paid') return { invoice: inv, subscription: await this.#subscription(uid) };
    const result = await this.#d.paypal.capture({ invoiceId, token });
    if (!result.ok) throw new HttpError(402, 'payment_declined', result.reason);
    const row = (await this.#d.repo.findInvoice(invoiceId)) as InvoicesTable;
    return this.#settle(uid, row, result.reference, { provider: this.#d.paypal.name, card_last4: null });
  }

  /** The card provider's name, as checkout answers it (decision 0750): the web app shows its way of paying. */
  get providerName(): PaymentProvider['name'] {
    return this.#d.provider.name;
  }

  /**
   * Settles an invoice a provider reports paid outside a request of its payer (a hosted checkout's webhook or
   * return; decision 0750). Settling is once: a second report answers the invoice as it is.
   */
  async settleReported(
    invoiceId: string,
    reference: string,
    provider: string,
    cardLast4: string | null = null,
  ) {
    await this.#settling.get(invoiceId)?.catch(() => undefined);
    const row = await this.#d.repo.findInvoice(invoiceId);
    if (!row) throw notFound('This invoice does not exist');
    if (row.status === 'paid')
      return { invoice: toInvoice(row), subscription: await this.#subscription(row.uid) };
    if (row.status === 'void') throw conflict('This invoice was cancelled');
    return this.#settle(row.uid, row, reference, { provider, card_last4: cardLast4 });
  }

  /** A provider reports a failed attempt: an open invoice shows it (a paid one stays paid). */
  async failedReported(invoiceId: string): Promise<void> {
    await this.#d.repo.setInvoiceFrom(invoiceId, ['open'], { status: 'failed' });
  }

  async #payable(uid: string, invoiceId: string): Promise<Invoice> {
    const inv = await this.invoice(uid, invoiceId);
    if (inv.status === 'void') throw conflict('This invoice was cancelled');
    return inv;
  }

  /**
   * The invoice way (decision 0741): an invoice paid outside the service (a bank transfer to the partner or to us)
   * is marked paid by support, with the same effects as a card payment.
   */
  async markPaid(
    uid: string,
    invoiceId: string,
    by: string,
  ): Promise<{ invoice: Invoice; subscription: Subscription }> {
    const row = await this.#d.repo.findInvoice(invoiceId);
    if (!row || row.uid !== uid) throw notFound('This invoice does not exist');
    if (row.status === 'paid')
      return { invoice: toInvoice(row), subscription: await this.#subscription(uid) };
    if (row.status === 'void') throw conflict('This invoice was cancelled');
    return this.#settle(uid, row, `manual:${by}`);
  }

  /**
   * A paid invoice: a subscription invoice starts the plan, accepts its quote and completes the payment step. A
   * hosted payment is reported twice at about the same moment (the webhook, the payer's return): the second waits
   * for the first here, so it answers the started plan rather than an invoice paid with no plan yet.
   */
  async #settle(
    uid: string,
    row: InvoicesTable,
    reference: string,
    method?: Pick<InvoicesTable, 'provider' | 'card_last4'>,
  ) {
    const running = this.#settling.get(row.id);
    if (running) {
      await running.catch(() => undefined);
      return { invoice: await this.invoice(uid, row.id), subscription: await this.#subscription(uid) };
    }
    const work = this.#settleOnce(uid, row, reference, method);
    this.#settling.set(row.id, work);
    try {
      return await work;
    } finally {
      this.#settling.delete(row.id);
    }
  }

  async #settleOnce(
    uid: string,
    row: InvoicesTable,
    reference: string,
    method?: Pick<InvoicesTable, 'provider' | 'card_last4'>,
  ) {
    const inv = toInvoice(row);
    const t = this.#d.now();
    // Once: of two settlements at the same moment (a webhook and the payer's return), one marks the invoice paid
    // and starts the plan; the other answers what it did.
    const patch = { status: 'paid' as const, paid_at: t, provider_ref: reference, ...method };
    const won = await this.#d.repo.setInvoiceFrom(row.id, ['open', 'failed'], patch);
    if (!won)
      return { invoice: await this.invoice(uid, row.id), subscription: await this.#subscription(uid) };
    if (row.kind === 'subscription') {
      await this.#d.subscriptions.activate(uid, inv.plan, inv.price, method?.provider ?? row.provider);
      // Until paid, a subscription invoice's reference is the quote it came from.
      if (row.provider_ref) await this.#d.repo.acceptQuote(row.provider_ref, t);
      await this.#d.completeSelfRegStep(uid, 'payment');
    }
    return { invoice: await this.invoice(uid, row.id), subscription: await this.#subscription(uid) };
  }

  async #subscription(uid: string): Promise<Subscription> {
    const s = await this.#d.subscriptions.current(uid);
    if (!s) throw new HttpError(409, 'no_subscription', 'There is no plan yet');
    return s;
  }
}
