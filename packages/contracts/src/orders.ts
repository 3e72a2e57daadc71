import { z } from 'zod';
import { Uid, Uidd } from './ids.ts';

/**
 * Takeaway orders (spec 000 §1, §2, §6; 001 §4; decisions 0840–0842): orders imported from the vendor's
 * point of sale through a signed webhook, each linked to the till camera's recording at its time, and their
 * disputes.
 */

/** Spec 001 §4: the takeaway order dispute states. */
export const DISPUTE_STATES = ['open', 'won', 'lost'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/**
 * Which state a dispute may move to (decision 0842; the spec names the states, not the moves): an order without one
 * may have one opened; an open one is won or lost; won and lost are final.
 */
export const DISPUTE_MOVES: Readonly<Record<DisputeState | 'none', readonly DisputeState[]>> = {
  none: ['open'],
  open: ['won', 'lost'],
  won: [],
  lost: [],
};

/** The webhook's headers (decision 0840): when the point of sale signed, and its HMAC-SHA256 signature. */
export const ORDER_WEBHOOK_TIMESTAMP_HEADER = 'x-vigil-timestamp';
export const ORDER_WEBHOOK_SIGNATURE_HEADER = 'x-vigil-signature';
/** A signed request older or newer than this is refused as a replay (decision 0840). */
export const ORDER_WEBHOOK_TOLERANCE_SEC = 300;
/** An order's clip (decision 0841): the till camera from a minute before the order to four minutes after. */
export const ORDER_CLIP_BEFORE_MS = 60_000;
export const ORDER_CLIP_AFTER_MS = 240_000;
/** Orders a list answers at most (a busy takeaway's day is a few hundred). */
export const ORDERS_PAGE_MAX = 500;
/** The longest range of the orders list and the dashboard. */
export const ORDERS_MAX_DAYS = 31;

const epochMs = z.number().int().min(0).max(8_640_000_000_000);
const epochMsParam = z.coerce.number().int().min(0).max(8_640_000_000_000);
/** The vendor's own id of an order: what makes an import idempotent. */
export const VendorOrderId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits or . _ : -');

export const OrderItem = z.strictObject({
  name: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(1000),
  /** Price of one, in the currency's minor unit (pence, cents). */
  unitPriceMinor: z.number().int().min(0).max(100_000_000),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** An order as the point of sale sends it. */
export const PosOrder = z.strictObject({
  orderId: VendorOrderId,
  /** When it was taken at the till (epoch ms): the clip is around this instant. */
  placedAt: epochMs,
  totalMinor: z.number().int().min(0).max(1_000_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as GBP'),
  items: z.array(OrderItem).max(200),
  /** Where it came from: 'counter', 'phone', a delivery platform's name. */
  channel: z.string().min(1).max(50).optional(),
});
export type PosOrder = z.infer<typeof PosOrder>;

/** The webhook's JSON body: an order taken, or a customer's dispute of one (decision 0840). */
export const OrderWebhookBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('order.placed'), order: PosOrder }),
  z.strictObject({
    type: z.literal('dispute.opened'),
    orderId: VendorOrderId,
    reason: z.string().min(1).max(1000),
    openedAt: epochMs,
  }),
]);
export type OrderWebhookBody = z.infer<typeof OrderWebhookBody>;

export const OrderWebhookParams = z.strictObject({ uid: Uid });
/** The webhook's answer; a repeat answers the same, with the header `idempotent-replayed: true`. */
export const OrderWebhookResult = z.object({ id: z.string(), orderId: z.string() });
export type OrderWebhookResult = z.infer<typeof OrderWebhookResult>;

export const DisputeNote = z.object({
  at: z.number(),
  /** The state it moved from (null: opened) and to. */
  from: z.enum(DISPUTE_STATES).nullable(),
  to: z.enum(DISPUTE_STATES),
  note: z.string(),
  /** Who wrote it; null when the point of sale opened the dispute. */
  byEmail: z.string().nullable(),
});
export type DisputeNote = z.infer<typeof DisputeNote>;

/** The till camera's recording of an order: the camera and range the playback routes serve. */
export const OrderClip = z.object({ uidd: z.string(), startMs: z.number(), endMs: z.number() });
export type OrderClip = z.infer<typeof OrderClip>;

export const Order = z.object({
  id: z.string(),
  orderId: z.string(),
  placedAt: z.number(),
  totalMinor: z.number(),
  currency: z.string(),
  items: z.array(OrderItem),
  channel: z.string().nullable(),
  /** Null when the account had no till camera when the order came. */
  clip: OrderClip.nullable(),
  dispute: z.object({ status: z.enum(DISPUTE_STATES), reason: z.string(), openedAt: z.number() }).nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderDetail = Order.extend({
  notes: z.array(DisputeNote),
  /** Whether the till camera recorded anything in the clip's range (the recordings' sessions). */
  recorded: z.boolean(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** The list's status filter: no dispute, any dispute, or one state. */
export const ORDER_FILTERS = ['none', 'disputed', ...DISPUTE_STATES] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

const rangeOk = (q: { from: number; to: number }) =>
  q.to > q.from && q.to - q.from <= ORDERS_MAX_DAYS * 86_400_000;
const rangeIssue = { message: `must be after from, at most ${ORDERS_MAX_DAYS} days later`, path: ['to'] };

export const AccountParams = z.strictObject({ uid: Uid });
export const OrderParams = z.strictObject({ uid: Uid, id: z.string().min(1).max(64) });
export const OrdersQuery = z
  .strictObject({ from: epochMsParam, to: epochMsParam, status: z.enum(ORDER_FILTERS).optional() })
  .refine(rangeOk, rangeIssue);
export type OrdersQuery = z.output<typeof OrdersQuery>;

export const DisputeBody = z.strictObject({
  to: z.enum(DISPUTE_STATES),
  note: z.string().trim().min(1).max(2000),
});
export type DisputeBody = z.infer<typeof DisputeBody>;

export const OrdersDashboardQuery = z
  .strictObject({
    from: epochMsParam,
    to: epochMsParam,
    tz: z
      .string()
      .max(64)
      .refine(
        (tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC',
        'must be an IANA time zone',
      ),
  })
  .refine(rangeOk, rangeIssue);
export type OrdersDashboardQuery = z.output<typeof OrdersDashboardQuery>;

/** Orders placed and disputes opened per day of the zone; the range's disputes by state. */
export const OrdersDashboard = z.object({
  days: z.array(z.object({ day: z.string(), orders: z.number(), disputes: z.number() })),
  disputes: z.object({ open: z.number(), won: z.number(), lost: z.number() }),
});
export type OrdersDashboard = z.infer<typeof OrdersDashboard>;

export const TakeawaySettings = z.object({
  tillCamera: z.string().nullable(),
  /** The webhook's path on this server: POST it the signed orders. */
  webhookPath: z.string(),
  /** When the current signing secret was made; null: none yet (the webhook refuses every request). */
  secretCreatedAt: z.number().nullable(),
});
export type TakeawaySettings = z.infer<typeof TakeawaySettings>;
export const TakeawaySettingsBody = z.strictObject({ tillCamera: Uidd.nullable() });
/** A new signing secret: shown once, in this answer. */
export const WebhookSecret = z.object({ secret: z.string(), secretCreatedAt: z.number() });
export type WebhookSecret = z.infer<typeof WebhookSecret>;
