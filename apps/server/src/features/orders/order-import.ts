import { createHash } from 'node:crypto';
import {
  canonicalJson,
  ORDER_CLIP_AFTER_MS,
  ORDER_CLIP_BEFORE_MS,
  type OrderWebhookBody,
  type OrderWebhookResult,
  type PosOrder,
} from '@vigil/contracts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { randomId } from '../../shared/random.ts';
import { toWebhookResult } from './mapping.ts';
import type { OrderRow, OrdersRepository } from './orders-repository.ts';
import { verifyOrderWebhook } from './signature.ts';

/** The webhook's answer, and whether it repeats an earlier delivery's (the `idempotent-replayed` header). */
export interface Imported {
  result: OrderWebhookResult;
  replayed: boolean;
}

/**
 * Orders and disputes from the point of sale (decisions 0840, 0841): a signed request, checked before its body is
 * read; an order stored once per vendor id with the till camera's recording around its time; a repeat answers
 * what the first delivery did, an order id sent again with other contents is refused.
 */
export class OrderImport {
  readonly #repo: OrdersRepository;
  readonly #now: () => number;
  constructor(d: { repo: OrdersRepository; now: () => number }) {
    this.#repo = d.repo;
    this.#now = d.now;
  }

  /** 401 unless the request is signed with the account's secret within the replay window. */
  async verify(
    uid: string,
    headers: { timestamp?: string; signature?: string },
    rawBody: Buffer,
  ): Promise<void> {
    const account = await this.#repo.account(uid);
    const check = verifyOrderWebhook({
      secret: account?.webhook_secret,
      timestamp: headers.timestamp,
      signature: headers.signature,
      rawBody,
      nowMs: this.#now(),
    });
    if (!check.ok) throw new HttpError(401, check.code, check.message);
  }

  async receive(uid: string, body: OrderWebhookBody): Promise<Imported> {
    return body.type === 'order.placed'
      ? this.#order(uid, body.order)
      : this.#dispute(uid, body.orderId, body.reason, body.openedAt);
  }

  async #order(uid: string, order: PosOrder): Promise<Imported> {
    const hash = createHash('sha256').update(canonicalJson(order)).digest('hex');
    // The till camera when the order comes: moving the setting later does not move old orders' clips.
    const till = (await this.#repo.account(uid))?.till_camera_uidd ?? null;
    const row: OrderRow = {
      id: randomId(),
      owner_uid: uid,
      vendor_order_id: order.orderId,
      body_hash: hash,
      placed_at_ms: order.placedAt,
      total_minor: order.totalMinor,
      currency: order.currency,
      items_json: JSON.stringify(order.items),
      channel: order.channel ?? null,
      camera_uidd: till,
      clip_start_ms: till ? order.placedAt - ORDER_CLIP_BEFORE_MS : null,
      clip_end_ms: till ? order.placedAt + ORDER_CLIP_AFTER_MS : null,
      imported_at: this.#now(),
      dispute_status: null,
      dispute_reason: null,
      dispute_opened_ms: null,
    };
    const { row: stored, inserted } = await this.#repo.insertOnce(row);
    if (!inserted && stored.body_hash !== hash)
      throw conflict(
        `Order ${order.orderId} was already received with other contents; send changes under a new order id`,
        'order_conflict',
      );
    return { result: toWebhookResult(stored), replayed: !inserted };
  }

  /** Opens the order's dispute; a dispute already there (opened, won or lost) makes this a repeat. */
  async #dispute(uid: string, orderId: string, reason: string, openedAt: number): Promise<Imported> {
    const order = await this.#repo.byVendorId(uid, orderId);
    if (!order) throw notFound(`No order ${orderId} was received`);
    if (order.dispute_status !== null) return { result: toWebhookResult(order), replayed: true };
    const moved = await this.#repo.moveDispute(
      order,
      null,
      { dispute_status: 'open', dispute_reason: reason, dispute_opened_ms: openedAt },
      {
        id: randomId(),
        order_id: order.id,
        at_ms: openedAt,
        by_uid: null,
        from_status: null,
        to_status: 'open',
        note: reason,
      },
    );
    return { result: toWebhookResult(order), replayed: !moved };
  }
}
