import type { AccountConsentsTable, Db } from '@vigil/db';

/** SQL of the account's consents (`account_consents`, migration 0870), written by billing alone. */
export class ConsentsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  find(uid: string): Promise<AccountConsentsTable | undefined> {
    return this.#db.selectFrom('account_consents').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  async put(row: AccountConsentsTable): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.deleteFrom('account_consents').where('uid', '=', row.uid).execute();
      await tx.insertInto('account_consents').values(row).execute();
    });
  }
}
