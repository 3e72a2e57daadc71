import type { Db, PasswordResetsTable } from '@vigil/db';

export class ResetsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async create(row: PasswordResetsTable): Promise<void> {
    await this.#db.insertInto('password_resets').values(row).execute();
  }

  find(tokenHash: string): Promise<PasswordResetsTable | undefined> {
    return this.#db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the link used; false when another request used it first (one-time even under a race). */
  async consume(tokenHash: string, now: number): Promise<boolean> {
    const r = await this.#db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
