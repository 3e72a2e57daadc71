import type { BillingQuotesTable, Db, InvoicesTable, SubscriptionsTable } from '@vigil/db';

/** SQL of quotes, subscriptions and invoices (tables of migration 0740), written by billing alone. */
export class BillingRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async addQuote(q: BillingQuotesTable): Promise<void> {
    await this.#db.insertInto('billing_quotes').values(q).execute();
  }

  findQuote(id: string): Promise<BillingQuotesTable | undefined> {
    return this.#db.selectFrom('billing_quotes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async acceptQuote(id: string, at: number): Promise<void> {
    await this.#db
      .updateTable('billing_quotes')
      .set({ accepted_at: at })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .execute();
  }

  async addInvoice(i: InvoicesTable): Promise<void> {
    await this.#db.insertInto('invoices').values(i).execute();
  }

  findInvoice(id: string): Promise<InvoicesTable | undefined> {
    return this.#db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  invoicesOf(uid: string): Promise<InvoicesTable[]> {
    return this.#db
      .selectFrom('invoices')
      .selectAll()
      .where('uid', '=', uid)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async setInvoice(id: string, patch: Partial<Pick<InvoicesTable, 'status' | 'provider_ref' | 'paid_at'>>) {
    await this.#db.updateTable('invoices').set(patch).where('id', '=', id).execute();
  }

  findSubscription(uid: string): Promise<SubscriptionsTable | undefined> {
    return this.#db.selectFrom('subscriptions').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  /** Creates or replaces the owner's one subscription. */
  async putSubscription(s: SubscriptionsTable): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.deleteFrom('subscriptions').where('uid', '=', s.uid).execute();
      await tx.insertInto('subscriptions').values(s).execute();
    });
  }

  async setSubscription(
    uid: string,
    patch: Partial<Omit<SubscriptionsTable, 'uid' | 'created_at'>> & { updated_at: number },
  ): Promise<void> {
    await this.#db.updateTable('subscriptions').set(patch).where('uid', '=', uid).execute();
  }
}
