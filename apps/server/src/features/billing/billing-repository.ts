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

  /**
   * Adds an invoice with the next number of the one sequence (decision 0742). Two invoices made at once may read the
   * same highest number: the unique index refuses the second, which takes the next one.
   */
  async addInvoice(i: Omit<InvoicesTable, 'number' | 'card_last4'>): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const top = await this.#db
        .selectFrom('invoices')
        .select((eb) => eb.fn.max('number').as('n'))
        .executeTakeFirst();
      const number = Number(top?.n ?? 0) + 1;
      try {
        await this.#db
          .insertInto('invoices')
          .values({ ...i, number, card_last4: null })
          .execute();
        return number;
      } catch (err) {
        if (attempt >= 4 || (await this.findInvoice(i.id))) throw err;
      }
    }
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

  async setInvoice(
    id: string,
    patch: Partial<Pick<InvoicesTable, 'status' | 'provider' | 'provider_ref' | 'paid_at' | 'card_last4'>>,
  ) {
    await this.#db.updateTable('invoices').set(patch).where('id', '=', id).execute();
  }

  /** Changes an invoice only while its status is one of `from`; answers whether it did. */
  async setInvoiceFrom(
    id: string,
    from: InvoicesTable['status'][],
    patch: Partial<Pick<InvoicesTable, 'status' | 'provider' | 'provider_ref' | 'paid_at' | 'card_last4'>>,
  ): Promise<boolean> {
    const r = await this.#db
      .updateTable('invoices')
      .set(patch)
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
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
