import type { Db, SupportGrantsTable } from '@vigil/db';

export type SupportGrantRow = SupportGrantsTable;

/** The SQL on `support_grants`: one row per account that has given support access (decision 0017). */
export class SupportGrantsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  find(accountUid: string): Promise<SupportGrantRow | undefined> {
    return this.#db
      .selectFrom('support_grants')
      .selectAll()
      .where('account_uid', '=', accountUid)
      .executeTakeFirst();
  }

  /** Granting again replaces the grant (a new duration from now); one statement, so two grants at once cannot clash. */
  async put(row: SupportGrantRow): Promise<void> {
    const { account_uid: _, ...rest } = row;
    await this.#db
      .insertInto('support_grants')
      .values(row)
      .onConflict((oc) => oc.column('account_uid').doUpdateSet(rest))
      .execute();
  }

  /** Whether there was a grant to remove. */
  async remove(accountUid: string): Promise<boolean> {
    const r = await this.#db
      .deleteFrom('support_grants')
      .where('account_uid', '=', accountUid)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
