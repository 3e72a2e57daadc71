import type { AnalyticsAreasTable, AnalyticsRulesTable, Db } from '@vigil/db';

export type AreaRow = AnalyticsAreasTable;
export type RuleRow = AnalyticsRulesTable;

/** SQL for analytics areas (listed by name) and alert rules (decision 0704); knows nothing of HTTP or of who asks. */
export class AnalyticsRulesRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  areas(uidd: string): Promise<AreaRow[]> {
    return this.#db
      .selectFrom('analytics_areas')
      .selectAll()
      .where('uidd', '=', uidd)
      .orderBy('name_key')
      .orderBy('id')
      .execute();
  }

  rules(uidd: string): Promise<RuleRow[]> {
    return this.#db
      .selectFrom('analytics_rules')
      .selectAll()
      .where('uidd', '=', uidd)
      .orderBy('name_key')
      .orderBy('id')
      .execute();
  }

  /** Enabled rules of a camera, for the event pipeline. */
  enabledRules(uidd: string): Promise<RuleRow[]> {
    return this.#db
      .selectFrom('analytics_rules')
      .selectAll()
      .where('uidd', '=', uidd)
      .where('enabled', '=', 1)
      .execute();
  }

  async insertArea(row: AreaRow): Promise<void> {
    await this.#db.insertInto('analytics_areas').values(row).execute();
  }

  async updateArea(
    id: string,
    change: Pick<AreaRow, 'name' | 'name_key' | 'points' | 'updated_at'>,
  ): Promise<void> {
    await this.#db.updateTable('analytics_areas').set(change).where('id', '=', id).execute();
  }

  async deleteAreas(uidd: string, ids: readonly string[]): Promise<void> {
    await this.#db
      .deleteFrom('analytics_areas')
      .where('uidd', '=', uidd)
      .where('id', 'in', [...ids])
      .execute();
  }

  async insertRule(row: RuleRow): Promise<void> {
    await this.#db.insertInto('analytics_rules').values(row).execute();
  }

  /** Writes the rules whole (a PATCH merges its change into each first), in one transaction. */
  async updateRules(rows: readonly RuleRow[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      for (const { id, uidd: _, created_at: __, ...change } of rows)
        await trx.updateTable('analytics_rules').set(change).where('id', '=', id).execute();
    });
  }

  async deleteRules(uidd: string, ids: readonly string[]): Promise<void> {
    await this.#db
      .deleteFrom('analytics_rules')
      .where('uidd', '=', uidd)
      .where('id', 'in', [...ids])
      .execute();
  }
}
