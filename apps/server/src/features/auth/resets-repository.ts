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

  /** Marks every unused link of the user used: a reset, once done, leaves no older link alive. */
  async consumeAllOfUser(uid: string, now: number): Promise<void> {
    await this.#db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('uid', '=', uid)
      .where('used_at', 'is', null)
      .execute();
  }

  async countSince(uid: string, since: number): Promise<number> {
    const r = await this.#db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uid', '=', uid)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
