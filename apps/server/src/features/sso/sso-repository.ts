import type { Db, SsoIdentitiesTable, SsoRequestsTable, SsoSeriesTable } from '@vigil/db';

export type IdentityRow = SsoIdentitiesTable;
export type RequestRow = SsoRequestsTable;
export type SsoSeriesRow = SsoSeriesTable;

/** The sso feature's tables (migration 0830): identities, requests under way, used nonces, SSO-started series. */
export class SsoRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  findIdentity(issuer: string, subject: string): Promise<IdentityRow | undefined> {
    return this.#db
      .selectFrom('sso_identities')
      .selectAll()
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  /** False when the identity is already someone's: the primary key decides a race. */
  async addIdentity(row: IdentityRow): Promise<boolean> {
    const r = await this.#db
      .insertInto('sso_identities')
      .values(row)
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async touchIdentity(
    issuer: string,
    subject: string,
    fields: Pick<IdentityRow, 'email' | 'organisation' | 'last_login_at'>,
  ): Promise<void> {
    await this.#db
      .updateTable('sso_identities')
      .set(fields)
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }

  async addRequest(row: RequestRow, now: number): Promise<void> {
    await this.#db.deleteFrom('sso_requests').where('expires_at', '<=', now).execute();
    await this.#db.insertInto('sso_requests').values(row).execute();
  }

  /** The request for a state, removed in the same step: a state is used once, whatever the outcome. */
  async takeRequest(stateHash: string): Promise<RequestRow | undefined> {
    return this.#db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('sso_requests')
        .selectAll()
        .where('state_hash', '=', stateHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const gone = await tx.deleteFrom('sso_requests').where('state_hash', '=', stateHash).executeTakeFirst();
      // Two callbacks with one state: only the one that deleted the row goes on.
      return Number(gone.numDeletedRows) === 1 ? row : undefined;
    });
  }

  /** False when this nonce of this issuer was accepted before (a replayed ID token). */
  async claimNonce(issuer: string, nonce: string, expiresAt: number, now: number): Promise<boolean> {
    await this.#db.deleteFrom('sso_nonces').where('expires_at', '<=', now).execute();
    const r = await this.#db
      .insertInto('sso_nonces')
      .values({ issuer, nonce, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['issuer', 'nonce']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async addSeries(row: SsoSeriesRow, now: number): Promise<void> {
    await this.#db.deleteFrom('sso_series').where('expires_at', '<=', now).execute();
    await this.#db.insertInto('sso_series').values(row).execute();
  }

  findSeries(seriesId: string): Promise<SsoSeriesRow | undefined> {
    return this.#db.selectFrom('sso_series').selectAll().where('series_id', '=', seriesId).executeTakeFirst();
  }
}
