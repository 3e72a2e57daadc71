import type { AnalyticsLineCountsTable, Db } from '@vigil/db';
import { sql } from 'kysely';

export type LineCountRow = AnalyticsLineCountsTable;

/** SQL for the crossings of count lines per hour (decision 0794); knows nothing of HTTP or of who asks. */
export class LineCountsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** One more crossing in its hour: the row made at the first, counted up after (one statement on both databases). */
  async add(key: Omit<LineCountRow, 'crossings'>): Promise<void> {
    await this.#db
      .insertInto('analytics_line_counts')
      .values({ ...key, crossings: 1 })
      .onConflict((oc) =>
        oc
          .columns(['uidd', 'hour_start', 'area_id', 'object_class', 'direction'])
          .doUpdateSet({ crossings: sql`analytics_line_counts.crossings + 1` }),
      )
      .execute();
  }

  /** A camera's counts of the hours starting in [fromMs, toMs), oldest first. */
  list(uidd: string, fromMs: number, toMs: number): Promise<LineCountRow[]> {
    return this.#db
      .selectFrom('analytics_line_counts')
      .selectAll()
      .where('uidd', '=', uidd)
      .where('hour_start', '>=', fromMs)
      .where('hour_start', '<', toMs)
      .orderBy('hour_start')
      .orderBy('area_id')
      .orderBy('object_class')
      .orderBy('direction')
      .execute();
  }
}
