import type { Invoice, PlanSelection, PriceBreakdown, Quote, Subscription } from '@vigil/contracts';
import type { BillingQuotesTable, InvoicesTable, SubscriptionsTable } from '@vigil/db';

const plan = (json: string) => JSON.parse(json) as PlanSelection;
const price = (json: string) => JSON.parse(json) as PriceBreakdown;

export const toQuote = (r: BillingQuotesTable): Quote => ({
  id: r.id,
  plan: plan(r.plan),
  price: price(r.price),
  madeBy: r.made_by,
  forUid: r.for_uid,
  createdAt: Number(r.created_at),
  acceptedAt: r.accepted_at === null ? null : Number(r.accepted_at),
});

export const toInvoice = (r: InvoicesTable): Invoice => ({
  id: r.id,
  uid: r.uid,
  plan: plan(r.plan),
  price: price(r.price),
  status: r.status,
  provider: r.provider,
  kind: r.kind,
  createdAt: Number(r.created_at),
  paidAt: r.paid_at === null ? null : Number(r.paid_at),
  number: r.number === null ? null : Number(r.number),
  cardLast4: r.card_last4,
});

export const toSubscription = (r: SubscriptionsTable): Subscription => {
  const p = price(r.price);
  return {
    uid: r.uid,
    plan: plan(r.plan),
    state: r.state,
    currency: p.currency,
    price: p,
    periodStart: Number(r.period_start),
    periodEnd: Number(r.period_end),
    provider: r.provider,
  };
};

/** The same time `months` calendar months later (UTC), the day clamped to the month's last. */
export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target.getTime();
}
