import type { Db, StripeCheckoutsTable } from '@vigil/db';
import type { PayPalOrderStore } from './paypal.ts';

/** A unique key refused the row: another request stored it first (SQLite and PostgreSQL say it differently). */
const isDuplicate = (err: unknown): boolean =>
  /UNIQUE constraint|duplicate key|unique/i.test(err instanceof Error ? err.message : String(err));

/**
 * SQL of the payment providers' records (migrations 0920 and 0921), written by billing alone: Stripe's customers,
 * Checkout Sessions and handled events (decision 0750), the PayPal stand-in's approvals (decision 0751).
 */
export class PaymentsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async stripeCustomer(uid: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('stripe_customers')
      .select('customer_id')
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row?.customer_id;
  }

  /** Keeps the account's customer; when two requests made one each, the first stored stands. */
  async addStripeCustomer(uid: string, customerId: string, at: number): Promise<string> {
    try {
      await this.#db
        .insertInto('stripe_customers')
        .values({ uid, customer_id: customerId, created_at: at })
        .execute();
      return customerId;
    } catch (err) {
      const stored = await this.stripeCustomer(uid);
      if (!stored || !isDuplicate(err)) throw err;
      return stored;
    }
  }

  async addCheckout(c: StripeCheckoutsTable): Promise<void> {
    if (await this.checkout(c.session_id)) return;
    try {
      await this.#db.insertInto('stripe_checkouts').values(c).execute();
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
  }

  checkout(sessionId: string): Promise<StripeCheckoutsTable | undefined> {
    return this.#db
      .selectFrom('stripe_checkouts')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
  }

  async eventSeen(id: string): Promise<boolean> {
    return !!(await this.#db
      .selectFrom('stripe_events')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst());
  }

  /** Records a handled event; a second delivery handled at the same moment is no error. */
  async addEvent(id: string, type: string, at: number): Promise<void> {
    try {
      await this.#db.insertInto('stripe_events').values({ id, type, received_at: at }).execute();
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
  }

  /** The PayPal stand-in's approvals (decision 0751). */
  readonly paypalOrders: PayPalOrderStore = {
    add: async (o) => {
      await this.#db
        .insertInto('paypal_orders')
        .values({ token: o.token, invoice_id: o.invoiceId, captured_ref: null, created_at: o.createdAt })
        .execute();
    },
    find: async (token) => {
      const row = await this.#db
        .selectFrom('paypal_orders')
        .select(['invoice_id', 'captured_ref'])
        .where('token', '=', token)
        .executeTakeFirst();
      return row && { invoiceId: row.invoice_id, capturedRef: row.captured_ref };
    },
    capture: async (token, reference) => {
      await this.#db
        .updateTable('paypal_orders')
        .set({ captured_ref: reference })
        .where('token', '=', token)
        .where('captured_ref', 'is', null)
        .execute();
      const row = await this.paypalOrders.find(token);
      return row?.capturedRef ?? reference;
    },
  };
}
