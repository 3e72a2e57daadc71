import { z } from 'zod';
import { Currency, PlanSelection, PriceBreakdown } from './pricing.ts';

/** IP geo info (spec 000 §3, spec 001 §3): default US, USD, $ (DEFAULT_GEO). */
export const GeoInfo = z.object({
  country_code: z.string(),
  country_name: z.string(),
  continent_code: z.string(),
  currency: Currency,
});
export type GeoInfo = z.infer<typeof GeoInfo>;

/** Subscription states (spec 001 §4): active, pending cancellation (reinstatable until the period ends), cancelled. */
export const SubscriptionState = z.enum(['active', 'pending_cancellation', 'cancelled']);
export type SubscriptionState = z.infer<typeof SubscriptionState>;

/** One subscription per organisation owner (decision 0741). Times are epoch ms. */
export const Subscription = z.object({
  uid: z.string(),
  plan: PlanSelection,
  state: SubscriptionState,
  currency: Currency,
  price: PriceBreakdown,
  periodStart: z.number(),
  periodEnd: z.number(),
  provider: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;
export const MaybeSubscription = z.object({ subscription: Subscription.nullable() });

export const InvoiceStatus = z.enum(['open', 'paid', 'failed', 'void']);
export const Invoice = z.object({
  id: z.string(),
  uid: z.string(),
  plan: PlanSelection,
  price: PriceBreakdown,
  status: InvoiceStatus,
  provider: z.string(),
  kind: z.enum(['subscription', 'change', 'renewal']),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  /** The invoice's number in the service's one sequence (decision 0742); shown as `invoiceNumber(n)`. */
  number: z.number().int().nullable(),
  /** The last four digits of the card that paid it; null when it was not a card. */
  cardLast4: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceList = z.object({ invoices: z.array(Invoice) });
export type InvoiceList = z.infer<typeof InvoiceList>;

/** An invoice's printed number: INV- and six digits ("INV-000042"); an invoice without one shows "INV-draft". */
export const invoiceNumber = (n: number | null): string =>
  n === null ? 'INV-draft' : `INV-${String(n).padStart(6, '0')}`;

/** A quote (spec 000 §2 /quote/:id): a plan priced for someone, made by the customer or by a partner. */
export const Quote = z.object({
  id: z.string(),
  plan: PlanSelection,
  price: PriceBreakdown,
  madeBy: z.string(),
  forUid: z.string().nullable(),
  createdAt: z.number(),
  acceptedAt: z.number().nullable(),
});
export type Quote = z.infer<typeof Quote>;
export const QuoteBody = z.strictObject({
  plan: PlanSelection,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** A partner's quote for a customer (issue 17's portal); the customer's own quote leaves it out. */
  forUid: z.string().max(64).optional(),
});

/**
 * The card payment providers this server knows (decisions 0741, 0750): `test` is the built-in one, for machines
 * offline (the card is typed into our form); `stripe` takes the card on its hosted page (PAYMENT_PROVIDER=stripe).
 */
export const PaymentProviderName = z.enum(['test', 'stripe']);
export const CheckoutBody = z.strictObject({ quoteId: z.string().max(64) });
export const Checkout = z.object({ invoice: Invoice, provider: PaymentProviderName });
export type Checkout = z.infer<typeof Checkout>;
/** The built-in test provider's card form: a test card number, expiry MM/YY and CVC. */
export const PayBody = z.strictObject({
  provider: PaymentProviderName,
  card: z.strictObject({
    number: z.string().regex(/^[0-9 ]{12,23}$/),
    expiry: z.string().regex(/^(0[1-9]|1[0-2])\/[0-9]{2}$/),
    cvc: z.string().regex(/^[0-9]{3,4}$/),
  }),
});
/** Stripe (decision 0750): the hosted payment page the payer is sent to. */
export const HostedCheckoutAnswer = z.object({ url: z.string() });
export type HostedCheckoutAnswer = z.infer<typeof HostedCheckoutAnswer>;
/** Back from the hosted page with its Checkout Session id: settle the invoice if the session is paid. */
export const StripeConfirmBody = z.strictObject({ sessionId: z.string().min(1).max(255) });
/** PayPal (decision 0745): where the payer approves, and the token PayPal hands back to /paypal-confirm. */
export const PayPalApprovalAnswer = z.object({ token: z.string(), approvalUrl: z.string() });
export type PayPalApprovalAnswer = z.infer<typeof PayPalApprovalAnswer>;
export const PayPalCaptureBody = z.strictObject({ token: z.string().min(1).max(128) });
export const Payment = z.object({ invoice: Invoice, subscription: Subscription });
export type Payment = z.infer<typeof Payment>;
export const PlanChangeBody = z.strictObject({ plan: PlanSelection });
/**
 * A customer's first plan chosen by its installer or distributor (decision 0873), in the currency of the price list
 * it was chosen from (absent: the requester's, as /pricing answers).
 */
export const FirstPlanBody = z.strictObject({
  plan: PlanSelection,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export const FirstPlanResult = z.object({ invoice: Invoice });
export type FirstPlanResult = z.infer<typeof FirstPlanResult>;

/**
 * What a running subscription licenses, in the shape of decision 0700's licence plan (`LicencePlan`): the seam by
 * which the licences feature reads plans instead of its defaults (decision 0741).
 */
export interface SubscriptionLicence {
  plan: string;
  cloudCameras: number;
  storageDays: number;
  maxResolution: '2MP' | '4MP' | '8MP';
  analytics: string[];
}

/**
 * What a plan change would take away (decision 0853), answered by `POST /account/{uid}/subscription/preview` before
 * the owner confirms: fewer storage days (older recordings deleted), cameras beyond the new count that stop
 * recording to the cloud (the last installed first, by name), a lower resolution cap, add-ons no longer included.
 */
export const PlanLosses = z.object({
  storageDays: z.object({ from: z.number(), to: z.number() }).nullable(),
  cameraLimit: z.object({ from: z.number(), to: z.number() }).nullable(),
  stoppingCameras: z.array(z.object({ uidd: z.string(), name: z.string() })),
  resolution: z.object({ from: z.string(), to: z.string() }).nullable(),
  addonsLost: z.array(z.string()),
});
export type PlanLosses = z.infer<typeof PlanLosses>;
/** The preview: what would be due now (proration) and what would be lost. */
export const PlanChangePreview = z.object({ due: z.number(), currency: z.string(), losses: PlanLosses });
export type PlanChangePreview = z.infer<typeof PlanChangePreview>;
