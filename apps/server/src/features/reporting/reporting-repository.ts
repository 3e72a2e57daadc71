import type { Db, UsageLogsTable, WebErrorReportsTable } from '@vigil/db';
import { sql } from 'kysely';

/** A keyset position in an account's reports or logs, newest first: older than this row. */
export interface LogCursor {
  createdAt: number;
  id: string;
}

/** Rows before the cursor in (created_at, id) order, the same on both databases (both tables have the columns). */
const olderThan = (c: LogCursor) =>
  sql<boolean>`(created_at < ${c.createdAt} OR (created_at = ${c.createdAt} AND id < ${c.id}))`;

/** SQL for error reports and usage logs; nothing here knows HTTP. */
export class ReportingRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async addErrorReport(row: WebErrorReportsTable): Promise<void> {
    await this.#db.insertInto('web_error_reports').values(row).execute();
  }

  async markForwarded(id: string, at: number | null, error: string | null): Promise<void> {
    await this.#db
      .updateTable('web_error_reports')
      .set({ forwarded_at: at, forward_error: error })
      .where('id', '=', id)
      .execute();
  }

  /** Newest first, for support. */
  latestErrorReports(limit: number): Promise<WebErrorReportsTable[]> {
    return this.#db
      .selectFrom('web_error_reports')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  async addUsageLog(row: UsageLogsTable): Promise<void> {
    await this.#db.insertInto('usage_logs').values(row).execute();
  }

  usageLogsOf(uid: string): Promise<UsageLogsTable[]> {
    return this.#db
      .selectFrom('usage_logs')
      .selectAll()
      .where('uid', '=', uid)
      .orderBy('created_at')
      .execute();
  }

  /** One account's error reports, newest first, older than `before`; `limit` rows. */
  errorReportsOf(uid: string, before: LogCursor | undefined, limit: number): Promise<WebErrorReportsTable[]> {
    let q = this.#db.selectFrom('web_error_reports').selectAll().where('uid', '=', uid);
    if (before) q = q.where(olderThan(before));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** One account's usage logs, newest first, older than `before`; `limit` rows. */
  usageLogsPage(uid: string, before: LogCursor | undefined, limit: number): Promise<UsageLogsTable[]> {
    let q = this.#db.selectFrom('usage_logs').selectAll().where('uid', '=', uid);
    if (before) q = q.where(olderThan(before));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Error reports received since `since` (every account): the health screen's rate. */
  async errorReportsSince(since: number): Promise<number> {
    const r = await this.#db
      .selectFrom('web_error_reports')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}
