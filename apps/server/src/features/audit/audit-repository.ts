import type { AuditLogTable, Db } from '@vigil/db';

export type AuditRow = AuditLogTable;

export class AuditRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: AuditRow): Promise<void> {
    await this.#db.insertInto('audit_log').values(row).execute();
  }

  /** An account's entries, newest first, strictly before the (at, id) cursor when given (keyset paging). */
  page(
    accountUid: string,
    before: { at: number; id: string } | undefined,
    limit: number,
  ): Promise<AuditRow[]> {
    let q = this.#db.selectFrom('audit_log').selectAll().where('account_uid', '=', accountUid);
    if (before) {
      q = q.where((eb) =>
        eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
      );
    }
    return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
