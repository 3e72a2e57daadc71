import { randomBytes } from 'node:crypto';
import type { FormValue } from './form.ts';

/** Stripe's ids: a prefix and random characters (`cus_…`, `cs_test_…`, `pi_…`, `evt_…`). */
export const stripeId = (prefix: string): string =>
  `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;

/** Currencies Stripe counts in whole units (no minor unit): 500 JPY is `amount: 500`. */
export const ZERO_DECIMAL = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '),
);

export type Json = Record<string, unknown>;

export interface Customer extends Json {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface CheckoutSession extends Json {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
}

export interface PaymentIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  customer: string | null;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code: string; message: string; type: 'card_error' } | null;
  latest_charge: string | null;
  created: number;
}

export interface Charge extends Json {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  paid: true;
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
  created: number;
}

export interface StripeEvent extends Json {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  data: { object: Json };
}

/** A request's answer as the stand-in sends it: status and JSON body. */
export interface Answer {
  status: number;
  body: Json;
}

export const apiError = (status: number, type: string, message: string, extra: Json = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

export const strings = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

export const str = (v: FormValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** The total of a session's line items (price_data.unit_amount × quantity), and their one currency. */
export function lineTotal(items: FormValue | undefined): { amount: number; currency: string } | undefined {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  let amount = 0;
  let currency: string | undefined;
  for (const item of items) {
    if (typeof item !== 'object' || Array.isArray(item)) return undefined;
    const pd = item.price_data;
    if (typeof pd !== 'object' || Array.isArray(pd)) return undefined;
    const unit = Number(pd.unit_amount);
    const qty = Number(item.quantity ?? '1');
    const cur = str(pd.currency)?.toLowerCase();
    if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(qty) || qty < 1 || !cur) return undefined;
    if (currency && currency !== cur) return undefined;
    currency = cur;
    amount += unit * qty;
  }
  return currency ? { amount, currency } : undefined;
}
