import type { Db, TakeawayAccountsTable, TakeawayDisputeNotesTable, TakeawayOrdersTable } from '@vigil/db';
import type { Selectable } from 'kysely';

export type OrderRow = Selectable<TakeawayOrdersTable>;
export type NoteRow = Selectable<TakeawayDisputeNotesTable>;
export type TakeawayAccountRow = Selectable<TakeawayAccountsTable>;

/** SQL of the takeaway tables (migration 0840). */
export class OrdersRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async account(ownerUid: string): Promise<TakeawayAccountRow | undefined> {
    return this.#db
      .selectFrom('takeaway_accounts')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .executeTakeFirst();
  }

  /** Creates the account's row or changes the given columns. */
  async saveAccount(
    ownerUid: string,
    set: Partial<Omit<TakeawayAccountRow, 'owner_uid'>>,
    now: number,
  ): Promise<void> {
    await this.#db
      .insertInto('takeaway_accounts')
      .values({
        owner_uid: ownerUid,
        till_camera_uidd: null,
        webhook_secret: null,
        secret_created_at: null,
        ...set,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('owner_uid').doUpdateSet({ ...set, updated_at: now }))
      .execute();
  }

  /** Inserts the order unless the account has one of that vendor id; answers the stored one either way. */
  async insertOnce(row: OrderRow): Promise<{ row: OrderRow; inserted: boolean }> {
    const result = await this.#db
      .insertInto('takeaway_orders')
      .values(row)
      .onConflict((oc) => oc.columns(['owner_uid', 'vendor_order_id']).doNothing())
      .executeTakeFirst();
    const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    const stored = await this.byVendorId(row.owner_uid, row.vendor_order_id);
    if (!stored) throw new Error(`order ${row.vendor_order_id} neither inserted nor found`);
    return { row: stored, inserted };
  }

  async byVendorId(ownerUid: string, vendorOrderId: string): Promise<OrderRow | undefined> {
    return this.#db
      .selectFrom('takeaway_orders')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .where('vendor_order_id', '=', vendorOrderId)
      .executeTakeFirst();
  }

  async byId(ownerUid: string, id: string): Promise<OrderRow | undefined> {
    return this.#db
      .selectFrom('takeaway_orders')
      .selectAll()
      .where('owner_uid', '=', ownerUid)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The account's orders placed in [from, to), newest first, by dispute filter. */
  async list(q: {
    ownerUid: string;
    fromMs: number;
    toMs: number;
    /** 'none', 'any' (disputed) or a dispute state. */
    dispute?: string | undefined;
    limit: number;
  }): Promise<OrderRow[]> {
    let sel = this.#db
      .selectFrom('takeaway_orders')
      .selectAll()
      .where('owner_uid', '=', q.ownerUid)
      .where('placed_at_ms', '>=', q.fromMs)
      .where('placed_at_ms', '<', q.toMs);
    if (q.dispute === 'none') sel = sel.where('dispute_status', 'is', null);
    else if (q.dispute === 'any') sel = sel.where('dispute_status', 'is not', null);
    else if (q.dispute !== undefined) sel = sel.where('dispute_status', '=', q.dispute);
    return sel.orderBy('placed_at_ms', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  }

  /** Placed times and dispute facts of the account's orders placed or disputed in [from, to). */
  async dashboardRows(ownerUid: string, fromMs: number, toMs: number) {
    return this.#db
      .selectFrom('takeaway_orders')
      .select(['placed_at_ms', 'dispute_status', 'dispute_opened_ms'])
      .where('owner_uid', '=', ownerUid)
      .where((eb) =>
        eb.or([
          eb.and([eb('placed_at_ms', '>=', fromMs), eb('placed_at_ms', '<', toMs)]),
          eb.and([eb('dispute_opened_ms', '>=', fromMs), eb('dispute_opened_ms', '<', toMs)]),
        ]),
      )
      .execute();
  }

  /**
   * Moves the dispute from `from` (null: none) to `to`, only if it is still `from`: two people deciding at once
   * cannot both win (the loser's update changes no row). The note is written with the move.
   */
  async moveDispute(
    order: OrderRow,
    from: string | null,
    set: Pick<OrderRow, 'dispute_status'> & Partial<Pick<OrderRow, 'dispute_reason' | 'dispute_opened_ms'>>,
    note: NoteRow,
  ): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      let upd = trx.updateTable('takeaway_orders').set(set).where('id', '=', order.id);
      upd = from === null ? upd.where('dispute_status', 'is', null) : upd.where('dispute_status', '=', from);
      const r = await upd.executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await trx.insertInto('takeaway_dispute_notes').values(note).execute();
      return true;
    });
  }

  async notes(orderId: string): Promise<NoteRow[]> {
    return this.#db
      .selectFrom('takeaway_dispute_notes')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('at_ms')
      .orderBy('id')
      .execute();
  }
}
