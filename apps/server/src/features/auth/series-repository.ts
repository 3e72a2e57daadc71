import type { Db, LoginSeriesTable, LoginTokensTable } from '@vigil/db';

export type SeriesRow = LoginSeriesTable;
export type TokenRow = LoginTokensTable;

/** Login series (one per signed-in device) and their rotating remember-me tokens. */
export class SeriesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async create(series: SeriesRow, firstTokenHash: string): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx.insertInto('login_series').values(series).execute();
      await tx
        .insertInto('login_tokens')
        .values({
          token_hash: firstTokenHash,
          series_id: series.id,
          created_at: series.created_at,
          superseded_at: null,
        })
        .execute();
    });
  }

  find(id: string): Promise<SeriesRow | undefined> {
    return this.#db.selectFrom('login_series').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findToken(seriesId: string, tokenHash: string): Promise<TokenRow | undefined> {
    return this.#db
      .selectFrom('login_tokens')
      .selectAll()
      .where('series_id', '=', seriesId)
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Supersedes the presented token (keeping the first supersede time, so the grace window cannot be stretched by
   * replays) and stores its successor, in one transaction.
   */
  async rotate(seriesId: string, oldHash: string, newHash: string, now: number): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx
        .updateTable('login_tokens')
        .set({ superseded_at: now })
        .where('token_hash', '=', oldHash)
        .where('superseded_at', 'is', null)
        .execute();
      await tx
        .insertInto('login_tokens')
        .values({ token_hash: newHash, series_id: seriesId, created_at: now, superseded_at: null })
        .execute();
      await tx.updateTable('login_series').set({ last_used_at: now }).where('id', '=', seriesId).execute();
    });
  }

  async extend(id: string, expiresAt: number): Promise<void> {
    await this.#db.updateTable('login_series').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async revoke(id: string, reason: string, now: number): Promise<void> {
    await this.#db
      .updateTable('login_series')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOfUserExcept(uid: string, keepSeriesId: string, reason: string, now: number): Promise<void> {
    await this.#db
      .updateTable('login_series')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('uid', '=', uid)
      .where('id', '!=', keepSeriesId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  liveOfUser(uid: string, now: number): Promise<SeriesRow[]> {
    return this.#db
      .selectFrom('login_series')
      .selectAll()
      .where('uid', '=', uid)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_used_at', 'desc')
      .execute();
  }

  async revokeAllOfUser(uid: string, reason: string, now: number): Promise<void> {
    await this.#db
      .updateTable('login_series')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('uid', '=', uid)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Whether the user ever signed in before, and from this address with this browser (a device they know). */
  async deviceHistory(
    uid: string,
    ip: string,
    userAgent: string | null,
  ): Promise<{ any: boolean; known: boolean }> {
    const rows = await this.#db
      .selectFrom('login_series')
      .select(['client_ip', 'user_agent'])
      .where('uid', '=', uid)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
    return {
      any: rows.length > 0,
      known: rows.some((r) => r.client_ip === ip && r.user_agent === userAgent),
    };
  }

  /** Ends the least recently used live series beyond the newest `keep` of a user. */
  async revokeBeyond(uid: string, keep: number, reason: string, now: number): Promise<void> {
    const extra = await this.#db
      .selectFrom('login_series')
      .select('id')
      .where('uid', '=', uid)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_used_at', 'desc')
      .orderBy('created_at', 'desc')
      .offset(keep)
      .limit(10_000)
      .execute();
    if (extra.length === 0) return;
    await this.#db
      .updateTable('login_series')
      .set({ revoked_at: now, revoked_reason: reason })
      .where(
        'id',
        'in',
        extra.map((r) => r.id),
      )
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Series of a user ended because a stolen token was replayed, since a time (the account page shows them). */
  endedByReplay(uid: string, since: number): Promise<SeriesRow[]> {
    return this.#db
      .selectFrom('login_series')
      .selectAll()
      .where('uid', '=', uid)
      .where('revoked_reason', '=', 'token_replay')
      .where('revoked_at', '>', since)
      .orderBy('revoked_at', 'desc')
      .execute();
  }
}
