import {
  DISPUTE_STATES,
  type DisputeNote,
  type DisputeState,
  type Order,
  OrderItem,
  type OrderWebhookResult,
} from '@vigil/contracts';
import { z } from 'zod';
import type { NoteRow, OrderRow } from './orders-repository.ts';

const Items = z.array(OrderItem);
const state = (s: string): DisputeState => z.enum(DISPUTE_STATES).parse(s);

/** The API's order of a row. */
export function toOrder(r: OrderRow): Order {
  return {
    id: r.id,
    orderId: r.vendor_order_id,
    placedAt: Number(r.placed_at_ms),
    totalMinor: Number(r.total_minor),
    currency: r.currency,
    items: Items.parse(JSON.parse(r.items_json)),
    channel: r.channel,
    clip:
      r.camera_uidd && r.clip_start_ms !== null && r.clip_end_ms !== null
        ? { uidd: r.camera_uidd, startMs: Number(r.clip_start_ms), endMs: Number(r.clip_end_ms) }
        : null,
    dispute:
      r.dispute_status === null
        ? null
        : {
            status: state(r.dispute_status),
            reason: r.dispute_reason ?? '',
            openedAt: Number(r.dispute_opened_ms),
          },
  };
}

export function toNote(n: NoteRow, byEmail: string | null): DisputeNote {
  return {
    at: Number(n.at_ms),
    from: n.from_status === null ? null : state(n.from_status),
    to: state(n.to_status),
    note: n.note,
    byEmail,
  };
}

/** The webhook's answer: the same for the first delivery and every repeat. */
export const toWebhookResult = (r: OrderRow): OrderWebhookResult => ({
  id: r.id,
  orderId: r.vendor_order_id,
});
