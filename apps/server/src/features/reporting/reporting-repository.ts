import type { Db, UsageLogsTable, WebErrorReportsTable } from '@vigil/db';

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
}
