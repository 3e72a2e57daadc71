/** Quotes, subscriptions and invoices (migration 0740, decisions 0740 and 0741). JSON columns are text. */
export interface BillingQuotesTable {
  id: string;
  made_by: string;
  /** The customer a partner made the quote for; null for a customer's own quote. */
  for_uid: string | null;
  /** PlanSelection as JSON. */
  plan: string;
  /** PriceBreakdown as JSON, fixed when the quote was made. */
  price: string;
  created_at: number;
  accepted_at: number | null;
}

/** One subscription per organisation owner. */
export interface SubscriptionsTable {
  uid: string;
  plan: string;
  price: string;
  currency: string;
  state: 'active' | 'pending_cancellation' | 'cancelled';
  period_start: number;
  period_end: number;
  provider: string;
  created_at: number;
  updated_at: number;
}

export interface InvoicesTable {
  id: string;
  uid: string;
  plan: string;
  price: string;
  status: 'open' | 'paid' | 'failed' | 'void';
  provider: string;
  /** The provider's reference of the payment (the test provider's charge id). */
  provider_ref: string | null;
  kind: 'subscription' | 'change' | 'renewal';
  created_at: number;
  paid_at: number | null;
}

export interface BillingTables {
  billing_quotes: BillingQuotesTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
}
