import type { Db, PushSubscriptionsTable } from '@vigil/db';

export type PushRow = PushSubscriptionsTable;

/** SQL for web push subscriptions (decision 0713). */
export class PushRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Keeps the browser's subscription for this person (an endpoint moves to whoever subscribed it last). */
  async put(row: PushRow): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('push_subscriptions').where('id', '=', row.id).execute();
      await trx.insertInto('push_subscriptions').values(row).execute();
    });
  }

  async remove(id: string, userUid?: string): Promise<void> {
    let q = this.#db.deleteFrom('push_subscriptions').where('id', '=', id);
    if (userUid) q = q.where('user_uid', '=', userUid);
    await q.execute();
  }

  ofUser(userUid: string): Promise<PushRow[]> {
    return this.#db.selectFrom('push_subscriptions').selectAll().where('user_uid', '=', userUid).execute();
  }
}
