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
  /** The invoice's number, one sequence for the service (migration 0870; decision 0742). */
  number: number | null;
  /** The last four digits of the card that paid it, for the billing page's payment method. */
  card_last4: string | null;
}

/** An account's consents (migration 0870, decision 0743): 1 consented, 0 not; no row: not. */
export interface AccountConsentsTable {
  uid: string;
  ai_training: number;
  partner_demo: number;
  updated_by: string;
  updated_at: number;
}

/** A partner-set price list (decision 0744): an installer's customers pay `percent` of the default list. */
export interface PartnerPriceListsTable {
  installer_id: string;
  currency: string;
  percent: number;
  updated_by: string;
  updated_at: number;
}

/** An installer's price for one customer (decision 0746): `percent` of the installer's own list in a currency. */
export interface CustomerPricesTable {
  customer_uid: string;
  currency: string;
  percent: number;
  updated_by: string;
  updated_at: number;
}

/** Stripe's customer of an account (migration 0920, decision 0750). */
export interface StripeCustomersTable {
  uid: string;
  customer_id: string;
  created_at: number;
}

/** A Checkout Session made to pay an invoice (decision 0750). */
export interface StripeCheckoutsTable {
  session_id: string;
  invoice_id: string;
  uid: string;
  created_at: number;
}

/** A Stripe event handled: a webhook delivering it again is answered without acting twice. */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: number;
}

/** A PayPal order the stand-in approved (migration 0921, decision 0751); `captured_ref` once captured. */
export interface PaypalOrdersTable {
  token: string;
  invoice_id: string;
  captured_ref: string | null;
  created_at: number;
}

export interface BillingTables {
  billing_quotes: BillingQuotesTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  account_consents: AccountConsentsTable;
  partner_price_lists: PartnerPriceListsTable;
  customer_prices: CustomerPricesTable;
  stripe_customers: StripeCustomersTable;
  stripe_checkouts: StripeCheckoutsTable;
  stripe_events: StripeEventsTable;
  paypal_orders: PaypalOrdersTable;
}
