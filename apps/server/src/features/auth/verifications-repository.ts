import type { Db, EmailVerificationsTable } from '@vigil/db';

/** One-time e-mail verification links (decision 0009). */
export class VerificationsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async create(row: EmailVerificationsTable): Promise<void> {
    await this.#db.insertInto('email_verifications').values(row).execute();
  }

  find(tokenHash: string): Promise<EmailVerificationsTable | undefined> {
    return this.#db
      .selectFrom('email_verifications')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the link used; false when another request used it first. */
  async consume(tokenHash: string, now: number): Promise<boolean> {
    const r = await this.#db
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
