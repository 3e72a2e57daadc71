import {
  DISPUTE_MOVES,
  type DisputeBody,
  ORDERS_PAGE_MAX,
  type Order,
  type OrderDetail,
  type OrdersDashboard,
  type OrdersDashboardQuery,
  type OrdersQuery,
  type Uidd,
} from '@vigil/contracts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../../shared/caller.ts';
import { randomId } from '../../shared/random.ts';
import { ordersDashboard } from './dashboard.ts';
import { toNote, toOrder } from './mapping.ts';
import type { OrderAccess } from './order-access.ts';
import type { OrderRow, OrdersRepository } from './orders-repository.ts';

/** Whether the camera recorded anything in [from, to) that the caller may watch (the recordings' sessions). */
export type RecordedIn = (caller: Caller, uidd: Uidd, fromMs: number, toMs: number) => Promise<boolean>;

/** The orders of an account as its people see them: list, one order with its clip, disputes, the dashboard. */
export class OrdersService {
  readonly #repo: OrdersRepository;
  readonly #access: OrderAccess;
  readonly #recorded: RecordedIn;
  readonly #emailOf: (uid: string) => Promise<string | undefined>;
  readonly #now: () => number;
  constructor(d: {
    repo: OrdersRepository;
    access: OrderAccess;
    recorded: RecordedIn;
    emailOf: (uid: string) => Promise<string | undefined>;
    now: () => number;
  }) {
    this.#repo = d.repo;
    this.#access = d.access;
    this.#recorded = d.recorded;
    this.#emailOf = d.emailOf;
    this.#now = d.now;
  }

  async list(caller: Caller, uid: string, q: OrdersQuery): Promise<Order[]> {
    await this.#access.require(caller, uid, 'read');
    const dispute = q.status === 'disputed' ? 'any' : q.status;
    const rows = await this.#repo.list({
      ownerUid: uid,
      fromMs: q.from,
      toMs: q.to,
      dispute,
      limit: ORDERS_PAGE_MAX,
    });
    return rows.map(toOrder);
  }

  async detail(caller: Caller, uid: string, id: string): Promise<OrderDetail> {
    await this.#access.require(caller, uid, 'read');
    return this.#detail(caller, await this.#find(uid, id));
  }

  /**
   * Moves the order's dispute (decision 0842): none → open, open → won or lost, with a note each time; any other
   * move is refused with the state it is in. A concurrent move that got there first is refused the same way.
   */
  async moveDispute(caller: Caller, uid: string, id: string, body: DisputeBody): Promise<OrderDetail> {
    await this.#access.require(caller, uid, 'decide');
    const order = await this.#find(uid, id);
    const from = order.dispute_status;
    const current = (from ?? 'none') as keyof typeof DISPUTE_MOVES;
    if (!DISPUTE_MOVES[current].includes(body.to)) throw refusedMove(current, body.to);
    const at = this.#now();
    const moved = await this.#repo.moveDispute(
      order,
      from,
      body.to === 'open'
        ? { dispute_status: 'open', dispute_reason: body.note, dispute_opened_ms: at }
        : { dispute_status: body.to },
      {
        id: randomId(),
        order_id: order.id,
        at_ms: at,
        by_uid: caller.uid,
        from_status: from,
        to_status: body.to,
        note: body.note,
      },
    );
    const now = await this.#find(uid, id);
    if (!moved) throw refusedMove((now.dispute_status ?? 'none') as keyof typeof DISPUTE_MOVES, body.to);
    return this.#detail(caller, now);
  }

  async dashboard(caller: Caller, uid: string, q: OrdersDashboardQuery): Promise<OrdersDashboard> {
    await this.#access.require(caller, uid, 'read');
    const rows = await this.#repo.dashboardRows(uid, q.from, q.to);
    return ordersDashboard(
      rows.map((r) => ({
        placedAt: Number(r.placed_at_ms),
        disputeStatus: r.dispute_status,
        disputeOpenedAt: r.dispute_opened_ms === null ? null : Number(r.dispute_opened_ms),
      })),
      q.from,
      q.to,
      q.tz,
    );
  }

  async #find(uid: string, id: string): Promise<OrderRow> {
    const row = await this.#repo.byId(uid, id);
    if (!row) throw notFound('No such order');
    return row;
  }

  async #detail(caller: Caller, row: OrderRow): Promise<OrderDetail> {
    const order = toOrder(row);
    const emails = new Map<string, string | null>();
    const notes = [];
    for (const n of await this.#repo.notes(row.id)) {
      if (n.by_uid && !emails.has(n.by_uid)) emails.set(n.by_uid, (await this.#emailOf(n.by_uid)) ?? null);
      notes.push(toNote(n, n.by_uid ? (emails.get(n.by_uid) ?? null) : null));
    }
    const clip = order.clip;
    const recorded = clip
      ? await this.#recorded(caller, clip.uidd as Uidd, clip.startMs, clip.endMs).catch(notShown)
      : false;
    return { ...order, notes, recorded };
  }
}

function refusedMove(from: keyof typeof DISPUTE_MOVES, to: string) {
  const message =
    from === 'none'
      ? `This order has no dispute: open one before marking it ${to}`
      : from === 'open'
        ? 'This dispute is already open'
        : `This dispute is ${from}, which is final: it cannot become ${to}`;
  return conflict(message, 'dispute_transition');
}

/** A till camera the caller may not watch (a member limited to other cameras), or one since deleted: no clip. */
function notShown(e: unknown): false {
  if (e instanceof HttpError && (e.statusCode === 403 || e.statusCode === 404)) return false;
  throw e;
}
